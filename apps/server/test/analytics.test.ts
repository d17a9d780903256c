import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { dialects, startApp, type TestApp } from './harness.js';
import { call } from './helpers.js';

// Analytics is off unless the operator sets ANALYTICS_*; then the pages
// of the residents' app and the back office name the operator's instance, and the CSP lets the
// page reach that origin only. (What the apps send: apps/web/src/lib/analytics/*.test.ts.)

const kinds = await dialects();
const ON = {
  ANALYTICS_PROVIDER: 'plausible',
  ANALYTICS_URL: 'https://statistik.example.org/',
  ANALYTICS_SITE_ID: 'portal.example.org',
};

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-dist-analytics-'));
const page = (title: string) =>
  `<!doctype html><html lang="de"><head><title>${title}</title></head><body></body></html>`;
fs.writeFileSync(path.join(dist, 'index.html'), page('Bewohner'));
fs.mkdirSync(path.join(dist, 'admin'), { recursive: true });
fs.writeFileSync(path.join(dist, 'admin', 'admin.html'), page('Verwaltung'));
fs.mkdirSync(path.join(dist, 'auftrag'), { recursive: true });
fs.writeFileSync(path.join(dist, 'auftrag', 'auftrag.html'), page('Auftrag'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const connectSrc = (csp: unknown) => /connect-src ([^;]+)/.exec(String(csp))?.[1];

describe('ANALYTICS_* in the configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({}).analytics).toBeNull();
  });

  it('reads provider, instance and site, without a trailing slash', () => {
    expect(loadConfig(ON).analytics).toEqual({
      provider: 'plausible',
      url: 'https://statistik.example.org',
      siteId: 'portal.example.org',
    });
    expect(
      loadConfig({
        ANALYTICS_PROVIDER: 'matomo',
        ANALYTICS_URL: 'https://m.example.org/matomo',
        ANALYTICS_SITE_ID: '3',
      }).analytics,
    ).toEqual({ provider: 'matomo', url: 'https://m.example.org/matomo', siteId: '3' });
  });

  it.each([
    [{ ANALYTICS_PROVIDER: 'plausible' }, ['ANALYTICS_URL', 'ANALYTICS_SITE_ID']],
    [{ ...ON, ANALYTICS_PROVIDER: 'google' }, ['ANALYTICS_PROVIDER: muss plausible oder matomo sein']],
    [{ ...ON, ANALYTICS_URL: 'http://statistik.example.org' }, ['ANALYTICS_URL: muss https:// sein']],
    [{ ...ON, ANALYTICS_URL: 'https://s.example.org/?id=1' }, ['ANALYTICS_URL: ohne ? und #']],
    [{ ...ON, ANALYTICS_PROVIDER: 'matomo' }, ['ANALYTICS_SITE_ID: muss für Matomo die Zahl der Website sein']],
    [{ ...ON, ANALYTICS_SITE_ID: 'a b' }, ['ANALYTICS_SITE_ID: nur Buchstaben']],
  ])('refuses %j naming the variable', (env, parts) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      for (const part of parts) expect((err as Error).message).toContain(part);
    }
  });
});

describe.each(kinds)('analytics in the pages and the CSP (%s)', (kind) => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([
      startApp(kind, {}, undefined, undefined, dist),
      startApp(kind, ON, undefined, undefined, dist),
    ]);
  });
  afterAll(() => Promise.all([off.close(), on.close()]));

  it('writes nothing into the pages and keeps connect-src to the app while it is off', async () => {
    for (const url of ['/', '/blackboard/2', '/admin/uebersicht', '/auftrag/abc']) {
      const res = await call(off.app, 'GET', url);
      expect(res.status, url).toBe(200);
      expect(res.raw.toString()).not.toContain('hausportal-analytics');
      expect(connectSrc(res.headers['content-security-policy'])).toBe("'self'");
    }
  });

  it("names the operator's instance in the residents' and the back office's pages, not the craftsman's", async () => {
    const meta =
      '<meta name="hausportal-analytics" content="{&quot;provider&quot;:&quot;plausible&quot;,&quot;url&quot;:&quot;https://statistik.example.org&quot;,&quot;site&quot;:&quot;portal.example.org&quot;}" />';
    for (const url of ['/', '/index.html', '/tickets/3', '/admin/residents']) {
      const res = await call(on.app, 'GET', url);
      expect(res.raw.toString(), url).toContain(meta);
    }
    expect((await call(on.app, 'GET', '/auftrag/abc')).raw.toString()).not.toContain('hausportal-analytics');
  });

  it('lets pages and API answers reach that origin only', async () => {
    for (const url of ['/', '/api/health/']) {
      const res = await call(on.app, 'GET', url);
      expect(connectSrc(res.headers['content-security-policy']), url).toBe("'self' https://statistik.example.org");
    }
  });
});
