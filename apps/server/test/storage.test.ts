import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { copyMedia } from '../src/lib/storage/copy.js';
import { LocalStorage, createStorage } from '../src/lib/storage/index.js';
import { newUser, signIn } from './factories.js';
import { checkResponses, multipart, postgresAvailable, startApp, testConfig, type TestApp } from './harness.js';
import { call, NOT_FOUND, pngImage } from './helpers.js';

// The S3 driver runs against s3rver, an S3-protocol server from npm that speaks the REST API
// and keeps objects on disk (it does not check signatures). No real S3-compatible server
// (MinIO, Ceph, Garage) can be installed from the registries this project builds from (README, ADR 018).

const BUCKET = 'hausportal-test';
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

let s3: S3rver;
let s3Dir: string;
let endpoint: string;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const s3Env = (over: Record<string, string> = {}) => ({
  MEDIA_STORE: 's3',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_FORCE_PATH_STYLE: 'true',
  ...CREDENTIALS,
  ...over,
});

/** The keys in the test bucket, as an S3 client sees them. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

/** Uploads a profile picture as `auth`; returns the response. */
async function uploadPicture(t: TestApp, auth: string, size = 40) {
  const mp = multipart(
    {},
    { field: 'profile_picture', filename: 'ich.png', type: 'image/png', data: await pngImage(size, size) },
  );
  return call(t.app, 'PUT', '/api/profile/', { auth, payload: mp.payload, headers: mp.headers });
}

/** The key inside a signed media URL. */
const keyOf = (url: string) => /^\/api\/media\/([^?]+)\?/.exec(url)![1]!;

/** One journey through a store: upload, serve, replace (the old file goes), refuse a forged key. */
async function uploadServeReplace(t: TestApp, stored: () => Promise<string[]>) {
  const user = await newUser(t);
  const auth = await signIn(t, user);
  const first = await uploadPicture(t, auth);
  expect(first.status).toBe(200);
  const url = first.body.profile_picture as string;
  expect(await stored()).toContain(keyOf(url));

  const served = await call(t.app, 'GET', url);
  expect(served.status).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(Number(served.headers['content-length'])).toBe(served.raw.length);
  expect(served.raw.subarray(8, 12).toString()).toBe('WEBP');

  const second = await uploadPicture(t, auth, 30);
  expect(second.status).toBe(200);
  expect(await stored()).not.toContain(keyOf(url));
  expect(await stored()).toContain(keyOf(second.body.profile_picture));
  const gone = await call(t.app, 'GET', url);
  expect(gone.status).toBe(404);
  expect(gone.body).toEqual(NOT_FOUND);
}

describe('S3 media store (MEDIA_STORE=s3)', () => {
  it('keeps uploads in the bucket, serves them through the signed URL and deletes replaced ones', async () => {
    const t = await startApp('sqlite', s3Env());
    try {
      await uploadServeReplace(t, bucketKeys);
      // Nothing landed on this machine's disk.
      expect(fs.existsSync(t.app.ctx.config.mediaDir)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('puts every key under S3_PREFIX, so installs can share a bucket', async () => {
    const t = await startApp('sqlite', s3Env({ S3_PREFIX: 'haus-a' }));
    try {
      const user = await newUser(t);
      const res = await uploadPicture(t, await signIn(t, user));
      expect(await bucketKeys()).toContain(`haus-a/${keyOf(res.body.profile_picture)}`);
      expect((await call(t.app, 'GET', res.body.profile_picture)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 in German while the store is down, and the profile stays as it was', async () => {
    // A port nobody listens on: the bucket's server is down.
    const t = await startApp('sqlite', s3Env({ S3_ENDPOINT: 'http://127.0.0.1:9' }));
    try {
      const auth = await signIn(t, await newUser(t));
      const res = await uploadPicture(t, auth);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.body).toEqual({
        detail: 'Der Dateispeicher ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
      });
      expect((await call(t.app, 'GET', '/api/profile/', { auth })).body.profile_picture).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('copies files from disk into the bucket under the same keys; a second run skips them', async () => {
    const local = await startApp('sqlite');
    try {
      const user = await newUser(local);
      const auth = await signIn(local, user);
      const url = (await uploadPicture(local, auth)).body.profile_picture as string;
      await local.app.ctx.storage.put('documents', 'pdf', Buffer.from('%PDF-1.4 test'));
      const config = testConfig(local.db, s3Env({ S3_PREFIX: `copy-${Date.now()}` }));
      const store = createStorage(config, local.db.handle.db);
      const from = new LocalStorage(config.mediaDir);
      const first = await copyMedia(from, store);
      expect(first).toEqual({ copied: 2, skipped: 0, failed: [] });
      expect(await copyMedia(from, store)).toEqual({ copied: 0, skipped: 2, failed: [] });
      expect(await store.size(keyOf(url))).toBe(fs.statSync(path.join(config.mediaDir, keyOf(url))).size);
      await store.close();

      // After the switch the same signed URL is served from the bucket.
      fs.rmSync(config.mediaDir, { recursive: true });
      await local.app.close();
      const app = await buildApp({ config, database: local.db.handle, logger: false, checkResponses });
      try {
        const res = await call(app, 'GET', url);
        expect(res.status).toBe(200);
        expect(res.raw.subarray(8, 12).toString()).toBe('WEBP');
      } finally {
        await app.close();
      }
    } finally {
      await local.db.drop();
    }
  });
});

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** `npm run media:copy` as an operator runs it: its own process, configured by the environment. */
const mediaCopy = (env: Record<string, string>) =>
  promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/cli/media.ts'], {
    cwd: ROOT,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env },
  });

describe('npm run media:copy', () => {
  it('copies an install’s files into the bucket, reports the counts, and skips them on a second run', async () => {
    const local = await startApp('sqlite');
    try {
      const auth = await signIn(local, await newUser(local));
      const url = (await uploadPicture(local, auth)).body.profile_picture as string;
      const prefix = `cli-${Date.now()}`;
      const env = { DATA_DIR: local.db.dataDir, ...s3Env({ S3_PREFIX: prefix }) };
      const first = await mediaCopy(env);
      expect(first.stdout).toContain('1 kopiert, 0 schon vorhanden, 0 fehlgeschlagen.');
      expect((await mediaCopy(env)).stdout).toContain('0 kopiert, 1 schon vorhanden, 0 fehlgeschlagen.');
      expect(await bucketKeys()).toContain(`${prefix}/${keyOf(url)}`);
    } finally {
      await local.close();
    }
  });

  it('refuses to run without a target store, in German and with a non-zero exit', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-copy-'));
    try {
      const err = await mediaCopy({ DATA_DIR: dataDir, MEDIA_STORE: 'local' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 1 });
      expect((err as { stderr: string }).stderr).toContain('MEDIA_STORE ist local: Wohin kopieren?');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a bucket that does not answer as failed files and exits non-zero', async () => {
    const local = await startApp('sqlite');
    try {
      await local.app.ctx.storage.put('documents', 'pdf', Buffer.from('%PDF-1.4 test'));
      const env = { DATA_DIR: local.db.dataDir, ...s3Env({ S3_ENDPOINT: 'http://127.0.0.1:9' }) };
      const err = await mediaCopy(env).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 1 });
      expect((err as { stdout: string }).stdout).toContain('0 kopiert, 0 schon vorhanden, 1 fehlgeschlagen.');
    } finally {
      await local.close();
    }
  });
});

describe.skipIf(!(await postgresAvailable()))('PostgreSQL media store (MEDIA_STORE=database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('postgres', { MEDIA_STORE: 'database' });
  });
  afterAll(() => t.close());

  const rows = async () =>
    (await t.app.ctx.db.selectFrom('media_files').select('key').execute()).map((r) => r.key).sort();

  it('keeps uploads as rows, serves them through the signed URL and deletes replaced ones', async () => {
    await uploadServeReplace(t, rows);
    expect(fs.existsSync(t.app.ctx.config.mediaDir)).toBe(false);
  });

  it('copies files from disk into the database; a second run skips them', async () => {
    const from = new LocalStorage(t.app.ctx.config.mediaDir);
    const keys = [
      await from.put('posts', 'jpg', Buffer.from('jpeg bytes')),
      await from.put('documents', 'pdf', Buffer.from('%PDF-1.4')),
    ];
    expect(await copyMedia(from, t.app.ctx.storage)).toEqual({ copied: 2, skipped: 0, failed: [] });
    expect(await copyMedia(from, t.app.ctx.storage)).toEqual({ copied: 0, skipped: 2, failed: [] });
    expect(await rows()).toEqual(expect.arrayContaining(keys));
    const file = await t.app.ctx.storage.open(keys[0]!);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('jpeg bytes');
  });

  it('refuses keys that put() never makes, on every method', async () => {
    const { storage } = t.app.ctx;
    for (const key of ['../etc/passwd', 'posts/short.jpg', "posts/x'; drop table media_files; --.jpg"]) {
      expect(await storage.open(key)).toBeNull();
      expect(await storage.size(key)).toBeNull();
      await expect(storage.write(key, Buffer.from('x'))).rejects.toThrow('Ungültiger Dateischlüssel');
    }
  });
});
