import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config/config.js';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';

let pgReachable: Promise<boolean> | undefined;

/** True when the test PostgreSQL answers; with REQUIRE_PG=1 its absence is an error. */
export function postgresAvailable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (err) {
      if (process.env.REQUIRE_PG === '1')
        throw new Error(`REQUIRE_PG=1, aber PostgreSQL ist nicht erreichbar (${PG_ADMIN_URL}): ${String(err)}`);
      console.warn(`\n!!! PostgreSQL nicht erreichbar (${PG_ADMIN_URL}) – PostgreSQL-Tests werden ÜBERSPRUNGEN !!!\n`);
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return pgReachable;
}

/** The dialects a suite runs on: SQLite always, PostgreSQL when reachable (or required). */
export async function dialects(): Promise<('sqlite' | 'postgres')[]> {
  return (await postgresAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** The PostgreSQL URL of this database (undefined for SQLite, which lives in dataDir). */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, empty database of the given dialect: a temp SQLite file or a new PostgreSQL database. */
export async function freshDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-test-'));
  if (dialect === 'sqlite') {
    const handle = openDatabase({ dataDir });
    return {
      handle,
      dataDir,
      databaseUrl: undefined,
      drop: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `hp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      // pool.end() resolves before its connections have said goodbye; forcing the drop while one
      // is still open kills it, and its FATAL reply surfaces as an uncaught error in the suite.
      for (let i = 0; i < 50; i++) {
        const { rows } = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh, empty database (the system services 1 and 3 only); tests build
 * their rows with test/factories.ts. env overrides the config.
 */
export async function startApp(
  dialect: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  tweak?: (config: ReturnType<typeof loadConfig>) => void,
  logStream?: NodeJS.WritableStream,
  webDist?: string,
): Promise<TestApp> {
  const db = await freshDatabase(dialect);
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://hausportal.test',
    SEED_DEMO: 'false',
    ...env,
  });
  tweak?.(config);
  const app = await buildApp({
    config,
    database: db.handle,
    logger: logStream ? { stream: logStream } : false,
    webDist,
  });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** The real app on a fresh database with the demo data, for the suites that still use it. */
export function startDemoApp(
  dialect: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  tweak?: (config: ReturnType<typeof loadConfig>) => void,
  logStream?: NodeJS.WritableStream,
  webDist?: string,
): Promise<TestApp> {
  return startApp(dialect, { SEED_DEMO: 'true', ...env }, tweak, logStream, webDist);
}

/** Logs a demo user in and returns the Authorization header value. */
export async function login(app: FastifyInstance, apartment: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { apartment_number: apartment, password },
  });
  if (res.statusCode !== 200) throw new Error(`Login ${apartment} fehlgeschlagen: ${res.statusCode} ${res.body}`);
  return `Token ${res.json().token}`;
}

/** A multipart body with fields and one file, built by hand so tests control every byte. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----hp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
