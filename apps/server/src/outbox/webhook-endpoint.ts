import dns from 'node:dns';
import net, { BlockList } from 'node:net';
import { bareAddress, embeddedIPv4 } from '../lib/ip.js';

/**
 * Where a webhook may go (SSRF): an https address on a public host, or an origin named in
 * WEBHOOK_ENDPOINT_ALLOWLIST (an on-premises ERP, a test's loopback receiver, which may be plain
 * http). A literal private address is refused at registration; a host name is checked again each
 * time it is resolved for a send (`publicLookup`), so a name that later points inside (DNS
 * rebinding) reaches nothing.
 */

/** Addresses a webhook never reaches: loopback, private, link-local, carrier-grade NAT, multicast, reserved. */
const BLOCKED = new BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b::', 96], // NAT64 of any IPv4 address, including private ones
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net6, bits, 'ipv6');

/**
 * True for an address a webhook may be sent to. An IPv6 address that carries an IPv4 address
 * (mapped or translated, as a translator on the way would forward it) is judged as that address.
 */
export function isPublicAddress(address: string): boolean {
  const ip = bareAddress(address);
  const family = net.isIP(ip);
  if (family === 4) return !BLOCKED.check(ip, 'ipv4');
  if (family !== 6) return false;
  const carried = embeddedIPv4(ip);
  if (carried) return isPublicAddress(carried);
  return !BLOCKED.check(ip, 'ipv6');
}

/** True when `url`'s origin is one WEBHOOK_ENDPOINT_ALLOWLIST names. */
export function allowlisted(url: URL, allowlist: readonly string[]): boolean {
  return allowlist.includes(url.origin);
}

/**
 * Why an administrator cannot register `raw` (German, for a 400), or null when it may be used.
 * Host names are resolved only when sending (publicLookup), where the answer counts; at
 * registration `names` also refuses the names that can only be internal (localhost, no dot).
 */
export function webhookUrlProblem(raw: string, allowlist: readonly string[], names = true): string | null {
  if (!URL.canParse(raw)) return 'Bitte eine vollständige Adresse wie https://erp.example.org/webhooks angeben.';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'Bitte eine vollständige Adresse wie https://erp.example.org/webhooks angeben.';
  if (url.username || url.password)
    return 'Die Adresse darf keine Zugangsdaten enthalten; der Empfänger prüft stattdessen die Signatur.';
  if (allowlisted(url, allowlist)) return null;
  if (url.protocol !== 'https:') return 'Nur https-Adressen sind erlaubt.';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const internalName = names && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'));
  if (net.isIP(host) ? !isPublicAddress(host) : internalName)
    return 'Interne, private und Loopback-Adressen sind nicht erlaubt.';
  return null;
}

/** Raised by publicLookup; the delivery log shows the message. */
export class BlockedAddress extends Error {
  constructor(host: string, address: string) {
    super(`Adresse ${address} von ${host} ist intern oder privat; nicht gesendet.`);
    this.name = 'BlockedAddress';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses the connection when any of
 * its addresses is not public. The socket connects to exactly the address checked here, so a
 * second answer of the name server cannot slip in between check and connect.
 */
export function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(new BlockedAddress(hostname, bad.address), []);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} nicht gefunden`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
