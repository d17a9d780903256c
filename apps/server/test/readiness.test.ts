import fs from 'node:fs';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { dialects, freshDatabase, testConfig, type TestDatabase } from './harness.js';
import { call } from './helpers.js';

// GET /api/ready/ (operations 3; ADR 027): 200 while the database, the media store and
// Redis (when configured) answer; 503 naming the failing part otherwise, within the check's
// timeout even when a part hangs. /api/health/ stays a liveness check and answers 200 throughout.

const kinds = await dialects();

/** A TCP port that accepts connections and never answers: a hung dependency. */
async function silentServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.each(kinds)('readiness (%s)', (kind) => {
  const opened: { app: FastifyInstance; db: TestDatabase; closed?: boolean }[] = [];
  async function start(env: Record<string, string> = {}) {
    const db = await freshDatabase(kind);
    const config = testConfig(db, env);
    const app = await buildApp({ config, database: db.handle, logger: false });
    await app.ready();
    const entry: { app: FastifyInstance; db: TestDatabase; closed?: boolean } = { app, db };
    opened.push(entry);
    return { app, db, config, entry };
  }
  afterEach(async () => {
    for (const { app, db, closed } of opened.splice(0)) {
      await app.close();
      if (closed) fs.rmSync(db.dataDir, { recursive: true, force: true });
      else await db.drop();
    }
  });

  it('answers 200 while everything answers, and /api/health/ stays a liveness check', async () => {
    const { app } = await start();
    const ready = await call(app, 'GET', '/api/ready/');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'bereit' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect((await call(app, 'GET', '/api/health/')).body).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the media store while its folder takes no file, and 200 again once it does', async () => {
    const { app, config } = await start();
    fs.rmSync(config.mediaDir, { recursive: true, force: true });
    // A file where the folder should be: no write succeeds, even for root (chmod would not stop root).
    fs.writeFileSync(config.mediaDir, 'kein Ordner');
    const res = await call(app, 'GET', '/api/ready/');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.body).toEqual({
      status: 'nicht bereit',
      failing: ['media'],
      detail: 'Nicht bereit, keine Antwort von: Dateispeicher.',
    });
    expect((await call(app, 'GET', '/api/health/')).status).toBe(200);
    fs.rmSync(config.mediaDir);
    expect((await call(app, 'GET', '/api/ready/')).status).toBe(200);
  });

  it('answers 503 naming the database once it is gone', async () => {
    const { app, db, entry } = await start();
    await db.handle.close();
    entry.closed = true;
    const res = await call(app, 'GET', '/api/ready/');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ failing: ['database'], detail: 'Nicht bereit, keine Antwort von: Datenbank.' });
    expect((await call(app, 'GET', '/api/health/')).status).toBe(200);
  });

  it('checks Redis only when REDIS_URL is set: 200 with a Redis that answers, 503 naming it on a closed port', async () => {
    const up = await start({ REDIS_URL: 'redis://127.0.0.1:6379/7' });
    expect((await call(up.app, 'GET', '/api/ready/')).status).toBe(200);
    const down = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}/0` });
    const res = await call(down.app, 'GET', '/api/ready/');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'nicht bereit',
      failing: ['redis'],
      detail: 'Nicht bereit, keine Antwort von: Redis.',
    });
  }, 20_000);

  describe('with a bucket that never answers', () => {
    let hung: Awaited<ReturnType<typeof silentServer>>;
    beforeAll(async () => {
      hung = await silentServer();
    });
    afterAll(() => hung.close());

    it('answers 503 naming the media store after the check timeout instead of hanging', async () => {
      const { app } = await start({
        MEDIA_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${hung.port}`,
        S3_BUCKET: 'hausportal',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_FORCE_PATH_STYLE: 'true',
      });
      const started = Date.now();
      const res = await call(app, 'GET', '/api/ready/');
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body.failing).toEqual(['media']);
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(4_000);
    }, 15_000);
  });

  it('answers 503 while the process drains for a stop, so a load balancer sends nothing new', async () => {
    const { app } = await start();
    app.lifecycle.draining = true;
    const res = await call(app, 'GET', '/api/ready/');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'nicht bereit',
      failing: ['shutdown'],
      detail: 'Dieser Prozess fährt herunter und nimmt keine neuen Anfragen an.',
    });
    expect(res.headers.connection).toBe('close');
  });
});
