import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicLookup, webhookUrlProblem } from './webhook-endpoint.js';

describe('webhook addresses (SSRF guard)', () => {
  it('tells public from internal addresses, IPv4-mapped and -translated IPv6 judged as its IPv4 address', () => {
    for (const a of ['8.8.8.8', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '::ffff:808:808', '::ffff:0:808:808'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.178.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      // IPv4-translated (SIIT, ::ffff:0:0/96): loopback, the metadata service, the LAN.
      '::ffff:0:7f00:1',
      '::ffff:0:a9fe:a9fe',
      '::ffff:0:a00:1',
      '[::ffff:0:7f00:1]',
      '0:0:0:0:ffff:0:127.0.0.1',
      'kein.ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses at registration what can only be internal, and lets allowlisted origins through', () => {
    const allow = ['http://127.0.0.1:4000'];
    expect(webhookUrlProblem('https://erp.example.org/hooks', allow)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', allow)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4001/hooks', allow)).toBe('Nur https-Adressen sind erlaubt.');
    for (const url of ['https://0x7f000001/', 'https://2130706433/', 'https://[::ffff:10.0.0.1]/', 'https://intranet/'])
      expect(webhookUrlProblem(url, allow), url).toBe('Interne, private und Loopback-Adressen sind nicht erlaubt.');
    // When sending, names count by what they resolve to (publicLookup), not by their spelling.
    expect(webhookUrlProblem('https://intranet/', allow, false)).toBeNull();
  });

  it('refuses a name that resolves to a loopback address when connecting', async () => {
    const err = await new Promise<Error | null>((resolve) => publicLookup('localhost', {}, (e) => resolve(e)));
    expect(err?.name).toBe('BlockedAddress');
    expect(err?.message).toMatch(/^Adresse (127\.0\.0\.1|::1) von localhost ist intern oder privat; nicht gesendet\.$/);
  });
});
