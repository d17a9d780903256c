import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { newLocation, newPost, newUser, signIn } from './factories.js';

// Compression does not depend on the database, so SQLite alone covers it.
describe('compressed responses', () => {
  let t: TestApp;
  let auth: string;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-dist-'));
  const script = `export const greeting = ${JSON.stringify('Guten Tag! '.repeat(400))};\n`;

  beforeAll(async () => {
    // A built web app as the web build leaves it: assets with their .br and .gz copies.
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>%APP_NAME%</title>${'<!-- x -->'.repeat(200)}`,
    );
    fs.writeFileSync(path.join(dist, 'assets/app-1234.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-1234.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets/app-1234.js.gz'), zlib.gzipSync(script));
    t = await startApp('sqlite', {}, undefined, undefined, dist);
    const author = await newUser(t, { locationId: await newLocation(t) });
    for (let i = 0; i < 10; i++)
      await newPost(t, author, { text: `Beitrag ${i}: ${'Hausordnung und Mülltrennung. '.repeat(10)}` });
    auth = await signIn(t, author);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
  ] as const)('sends the API JSON compressed when the client accepts %s', async (accept, encoding, decode) => {
    const res = await get('/api/messages/?page=1', { authorization: auth, 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const page = JSON.parse(decode(res.rawPayload).toString('utf8'));
    expect(page.results).toHaveLength(10);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(page)) / 2);
  });

  it('sends plain JSON to a client that accepts no compression, and small answers always plain', async () => {
    const plain = await get('/api/messages/?page=1', { authorization: auth });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json().results).toHaveLength(10);
    const small = await get('/api/health/', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['br', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
  ] as const)('serves the precompressed %s copy of a built asset', async (accept, encoding, suffix) => {
    const res = await get('/assets/app-1234.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, `assets/app-1234.js${suffix}`)))).toBe(true);
  });

  it('serves the asset as it is to a client that accepts no compression', async () => {
    const res = await get('/assets/app-1234.js', {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('compresses the app shell, which carries APP_NAME', async () => {
    const res = await get('/blackboard/2', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Hausportal</title>');
  });
});

describe('COMPRESS_RESPONSES=false (a reverse proxy compresses)', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await startApp('sqlite', { COMPRESS_RESPONSES: 'false' });
    const author = await newUser(t, { locationId: await newLocation(t) });
    for (let i = 0; i < 10; i++) await newPost(t, author, { text: `Beitrag ${i}: ${'Aufzug defekt. '.repeat(20)}` });
    auth = await signIn(t, author);
  });
  afterAll(() => t.close());

  it('leaves the JSON plain even for a client that accepts brotli', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages/?page=1',
      headers: { authorization: auth, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().results).toHaveLength(10);
  });
});
