import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';

// Routing outside the API does not touch the database, so SQLite alone covers it.
describe('paths outside the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers client-side routes such as /blackboard/2 with the HTML of the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blackboard/2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="de"');
  });

  it('answers a missing script with 404 instead of the HTML, so an outdated page fails visibly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-nichtda.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers unknown API paths with the DRF-shaped 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gibtesnicht/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Nicht gefunden.' });
  });
});

describe('APP_NAME in the web app the server hands out', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-dist-'));
  beforeAll(async () => {
    // The markers as Vite leaves them in the built index.html (apps/web/index.html).
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="de"><head><meta name="application-name" content="%APP_NAME%" />' +
        '<title>%APP_NAME%</title></head><body><p>%APP_NAME% wird geladen …</p></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Hausportal', short_name: 'Hausportal', start_url: '/', display: 'standalone' }),
    );
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The back office's own build (apps/web/vite.admin.config.ts).
    fs.mkdirSync(path.join(dist, 'admin', 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'admin', 'admin.html'),
      '<!doctype html><html lang="de"><head><title>%APP_NAME%</title>' +
        '<script type="module" src="/admin/assets/admin-abc.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'admin', 'assets', 'admin-abc.js'), 'export {};');
    // The craftsman's page, a build of its own (apps/web/vite.auftrag.config.ts).
    fs.mkdirSync(path.join(dist, 'auftrag', 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'auftrag', 'auftrag.html'),
      '<!doctype html><html lang="de"><head><meta name="application-name" content="%APP_NAME%" />' +
        '<title>%APP_NAME%</title>' +
        '<script type="module" src="/auftrag/assets/auftrag-abc.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'auftrag', 'assets', 'auftrag-abc.js'), 'export {};');
    t = await startApp('sqlite', { APP_NAME: 'Wohnen am Fluss & Co <Nord>' }, undefined, undefined, dist);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/blackboard/2'])(
    'writes the product name, escaped, into the HTML of %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="application-name" content="Wohnen am Fluss &amp; Co &lt;Nord&gt;" />');
      expect(res.body).toContain('<title>Wohnen am Fluss &amp; Co &lt;Nord&gt;</title>');
      expect(res.body).not.toContain('%APP_NAME%');
    },
  );

  it.each(['/admin', '/admin/', '/admin/login', '/admin/moderation?location=2'])(
    "answers %s with the back office's own page, never the residents' app",
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<script type="module" src="/admin/assets/admin-abc.js"></script>');
      expect(res.body).toContain('<title>Wohnen am Fluss &amp; Co &lt;Nord&gt;</title>');
      expect(res.body).not.toContain('/auftrag/assets/');
    },
  );

  it.each(['/', '/login', '/administration', '/blackboard/2', '/auftraege', '/tickets/auftrag/abc'])(
    "answers %s with the residents' app",
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<p>Wohnen am Fluss &amp; Co &lt;Nord&gt; wird geladen …</p>');
      expect(res.body).not.toContain('/admin/assets/');
      expect(res.body).not.toContain('/auftrag/assets/');
    },
  );

  it.each([
    '/auftrag/abcDEF123_-xyz',
    '/auftrag/abcDEF123_-xyz/',
    '/auftrag/abcDEF123_-xyz?utm_source=mail',
    '/auftrag',
    '/auftrag/',
  ])("answers %s with the craftsman's own page, uncached and without a referrer", async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The address holds the job's secret: no cache may keep the page, no link may pass it on.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<script type="module" src="/auftrag/assets/auftrag-abc.js"></script>');
    expect(res.body).toContain('<meta name="application-name" content="Wohnen am Fluss &amp; Co &lt;Nord&gt;" />');
    expect(res.body).not.toContain('%APP_NAME%');
    expect(res.body).not.toContain('wird geladen');
    expect(res.body).not.toContain('/admin/assets/');
  });

  it("serves the craftsman page's scripts from its build and never its page template as a file", async () => {
    const script = await t.app.inject({ method: 'GET', url: '/auftrag/assets/auftrag-abc.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const raw = await t.app.inject({ method: 'GET', url: '/auftrag/auftrag.html' });
    expect(raw.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/auftrag/assets/auftrag-alt.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });

  it("serves the back office's scripts from its build and never its page template as a file", async () => {
    const script = await t.app.inject({ method: 'GET', url: '/admin/assets/admin-abc.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const raw = await t.app.inject({ method: 'GET', url: '/admin/admin.html' });
    expect(raw.statusCode).toBe(404);
  });

  it('names the installable app after APP_NAME, with a short name for the home screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({
      name: 'Wohnen am Fluss & Co <Nord>',
      short_name: 'Wohnen',
      start_url: '/',
      display: 'standalone',
    });
  });

  it('still serves the other built files as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });
});

describe('the craftsman page before its build exists', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="de"><head><title>%APP_NAME%</title></head><body>Bewohner-App</body></html>',
    );
    t = await startApp('sqlite', {}, undefined, undefined, dist);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("never answers /auftrag/{token} with the residents' app, whose session and service worker must not run there", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auftrag/abcDEF123' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).not.toContain('Bewohner-App');
    expect(res.body).toContain('noch nicht gebaut');
  });
});
