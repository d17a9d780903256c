// The frame of the benches that load a few GET endpoints of one filled database (bookings,
// parcels): per dialect a fresh database, filled and analysed, the real server in its own
// process, a signed-in user, a warm-up per endpoint, then autocannon; one table row per dialect
// and endpoint.
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
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const CONNECTIONS = 10;

export interface EndpointFigures {
  dialect: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export interface EndpointBench {
  /** Names the temporary folder and database. */
  name: string;
  /** Fills the empty, migrated database. */
  fill(db: DB): Promise<void>;
  /** Tables the fill gave explicit ids: their sequences move on (PostgreSQL). */
  sequences: (keyof Database)[];
  /** Who the requests are made as (POST /api/login/). */
  login: { apartment_number: string; password: string };
  /** Throws unless the server answers what the fill should give (a bench of an empty answer measures nothing). */
  check?(get: (path: string) => Promise<unknown>): Promise<void>;
  /** Label and path of each endpoint. */
  endpoints: readonly (readonly [string, string])[];
}

/** Runs `bench` on each dialect of BENCH_DIALECTS (PostgreSQL only when reachable). */
export async function benchEndpoints(bench: EndpointBench): Promise<EndpointFigures[]> {
  const rows: EndpointFigures[] = [];
  for (const dialect of DIALECTS) {
    if (dialect === 'postgres' && !(await pgReachable())) {
      console.log('PostgreSQL nicht erreichbar: übersprungen');
      continue;
    }
    rows.push(...(await benchOn(dialect as 'sqlite' | 'postgres', bench)));
  }
  return rows;
}

async function benchOn(dialect: 'sqlite' | 'postgres', bench: EndpointBench): Promise<EndpointFigures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hp-bench-${bench.name}-`));
  const scratch = dialect === 'postgres' ? await scratchDatabase('hp_bench') : undefined;
  const handle = openDatabase({ databaseUrl: scratch?.url, dataDir });
  await migrateToLatest(handle.db);
  await bench.fill(handle.db);
  await syncSequences(handle, bench.sequences);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`pragma optimize`.execute(handle.db);
  await handle.close();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
  });
  const rows: EndpointFigures[] = [];
  try {
    const login = await fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bench.login),
    });
    if (!login.ok) throw new Error(`Anmeldung fehlgeschlagen: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
    await bench.check?.(async (p) => (await fetch(server.url + p, { headers })).json());
    for (const [endpoint, p] of bench.endpoints) {
      const run = (duration: number) =>
        autocannon({ url: server.url + p, headers, connections: CONNECTIONS, duration });
      if (WARMUP > 0) await run(WARMUP);
      const r = await run(DURATION);
      rows.push({
        dialect,
        endpoint,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      });
    }
  } finally {
    await server.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
