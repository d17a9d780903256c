// The frame of the benches that load a few GET endpoints of one filled database (bookings,
// parcels): per dialect a fresh database, filled and analysed, the real server in its own
// process, a signed-in user, a warm-up per endpoint, then autocannon; one table row per dialect
// and endpoint. `onFilledServers` is the frame without the load (the resident sync uses it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, syncSequences, type DB } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { pgReachable, scratchDatabase } from '../apps/server/test/postgres.js';
import { startServer } from './server.js';

/** Seconds each endpoint is measured (BENCH_DURATION). */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of load before each measurement, not counted (BENCH_WARMUP): the JIT, caches, the pool. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** BENCH_DIALECTS=sqlite leaves PostgreSQL out. */
export const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const CONNECTIONS = 10;

export interface EndpointFigures {
  dialect: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** A fresh database per dialect and what goes into it before the server starts. */
export interface FilledDatabase {
  /** Names the temporary folder and database. */
  name: string;
  /** Fills the empty, migrated database. */
  fill(db: DB): Promise<void>;
  /** Tables the fill gave explicit ids: their sequences move on (PostgreSQL). */
  sequences: (keyof Database)[];
}

export interface EndpointBench extends FilledDatabase {
  /** Who the requests are made as (POST /api/login/). */
  login: { apartment_number: string; password: string };
  /** Throws unless the server answers what the fill should give (a bench of an empty answer measures nothing). */
  check?(get: (path: string) => Promise<unknown>): Promise<void>;
  /** Label and path of each endpoint. */
  endpoints: readonly (readonly [string, string])[];
}

/** Runs `bench` on each dialect of BENCH_DIALECTS (PostgreSQL only when reachable). */
export function benchEndpoints(bench: EndpointBench): Promise<EndpointFigures[]> {
  return onFilledServers(bench, (url, dialect) => loadEndpoints(url, dialect, bench));
}

/**
 * Per dialect of BENCH_DIALECTS (PostgreSQL only when reachable): a fresh database, migrated,
 * filled by `bench` and analysed, the real server on it in its own process (production mode, no
 * demo data), and `run` against its URL; the rows of all dialects.
 */
export async function onFilledServers<T>(
  bench: FilledDatabase,
  run: (url: string, dialect: 'sqlite' | 'postgres') => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (const dialect of DIALECTS) {
    if (dialect === 'postgres' && !(await pgReachable())) {
      console.log('PostgreSQL nicht erreichbar: übersprungen');
      continue;
    }
    rows.push(...(await onFilledServer(dialect as 'sqlite' | 'postgres', bench, run)));
  }
  return rows;
}

/** A fresh database of `dialect`, migrated, filled by `bench` and analysed; drop() removes it. */
export async function fillDatabase(dialect: 'sqlite' | 'postgres', bench: FilledDatabase) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hp-bench-${bench.name}-`));
  const scratch = dialect === 'postgres' ? await scratchDatabase('hp_bench') : undefined;
  const handle = openDatabase({ databaseUrl: scratch?.url, dataDir });
  await migrateToLatest(handle.db);
  await bench.fill(handle.db);
  await syncSequences(handle, bench.sequences);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`pragma optimize`.execute(handle.db);
  await handle.close();
  return {
    dataDir,
    databaseUrl: scratch?.url,
    drop: async () => {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function onFilledServer<T>(
  dialect: 'sqlite' | 'postgres',
  bench: FilledDatabase,
  run: (url: string, dialect: 'sqlite' | 'postgres') => Promise<T[]>,
): Promise<T[]> {
  const { dataDir, databaseUrl, drop } = await fillDatabase(dialect, bench);
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
  });
  try {
    return await run(server.url, dialect);
  } finally {
    await server.stop();
    await drop();
  }
}

async function loadEndpoints(url: string, dialect: string, bench: EndpointBench): Promise<EndpointFigures[]> {
  const login = await fetch(`${url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bench.login),
  });
  if (!login.ok) throw new Error(`Anmeldung fehlgeschlagen: ${login.status} ${await login.text()}`);
  const headers = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
  await bench.check?.(async (p) => (await fetch(url + p, { headers })).json());
  const rows: EndpointFigures[] = [];
  for (const [endpoint, p] of bench.endpoints) {
    const load = (duration: number) => autocannon({ url: url + p, headers, connections: CONNECTIONS, duration });
    if (WARMUP > 0) await load(WARMUP);
    const r = await load(DURATION);
    rows.push({
      dialect,
      endpoint,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
    });
  }
  return rows;
}
