import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config/config.js';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { PG_ADMIN_URL, pgReachable, scratchDatabase } from './postgres.js';
import { checkResponses } from './replies.js';

import { DEMO_PASSWORD } from '../src/seed/demo-data.js';

export { DEMO_PASSWORD, PG_ADMIN_URL, checkResponses };

let pgChecked: Promise<boolean> | undefined;

/** True when the test PostgreSQL answers; with REQUIRE_PG=1 its absence is an error. */
export function postgresAvailable(): Promise<boolean> {
  pgChecked ??= pgReachable().then((up) => {
    if (up) return true;
    if (process.env.REQUIRE_PG === '1')
      throw new Error(`REQUIRE_PG=1, aber PostgreSQL ist nicht erreichbar (${PG_ADMIN_URL})`);
    console.warn(`\n!!! PostgreSQL nicht erreichbar (${PG_ADMIN_URL}) – PostgreSQL-Tests werden ÜBERSPRUNGEN !!!\n`);
    return false;
  });
  return pgChecked;
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
  const scratch = await scratchDatabase();
  const handle = openDatabase({ databaseUrl: scratch.url, dataDir });
  return {
    handle,
    dataDir,
    databaseUrl: scratch.url,
    drop: async () => {
      await handle.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The config the test apps run with on `db`: silent, no demo data, `env` on top. */
export function testConfig(db: TestDatabase, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://hausportal.test',
    SEED_DEMO: 'false',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...env,
  });
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
  const config = testConfig(db, env);
  tweak?.(config);
  const app = await buildApp({
    config,
    database: db.handle,
    logger: logStream ? { stream: logStream } : false,
    webDist,
    checkResponses,
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

/** Logs a staff member (manager or admin) in to the back office; returns the Authorization header value. */
export async function staffLogin(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/staff/login/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`Login ${email} fehlgeschlagen: ${res.statusCode} ${res.body}`);
  return `Token ${res.json().token}`;
}

/** A multipart body with fields and files (one, several or none), built by hand so tests control every byte. */
export function multipart(
  fields: Record<string, string>,
  file?:
    | { field: string; filename: string; type: string; data: Buffer }
    | { field: string; filename: string; type: string; data: Buffer }[],
) {
  const boundary = `----hp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of file === undefined ? [] : [file].flat()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
