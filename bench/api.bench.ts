// `npm run bench`: fills fresh databases with 20 locations, 5,000 residents and 200,000 messages,
// starts the real server in its own process and loads it with autocannon. Not a test: it prints
// figures (req/s, p50, p99) to compare between runs and machines.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase, syncSequences } from '../apps/server/src/db/database.js';
import { BENCH_PASSWORD, SIZES, fill } from './fill.js';
import { startServer } from './server.js';
import { pgReachable, scratchDatabase } from '../apps/server/test/postgres.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
// BENCH_WORKERS=1,2 measures the same database with one server process and with two (ADR 017).
const WORKERS = (process.env.BENCH_WORKERS ?? '1').split(',').map((w) => Number(w.trim()));
// BENCH_DIALECTS=sqlite skips PostgreSQL.
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const CONNECTIONS = 20;

type Row = { dialect: string; endpoint: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(
  url: string,
  opts: {
    method?: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: autocannon.Client) => void;
  },
) {
  const r = await autocannon({
    url: url + opts.path,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    setupClient: opts.setupClient,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** The size of a response body as it travels (not decompressed). */
function bodyBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-'));
  const scratch = dialect === 'postgres' ? await scratchDatabase('hp_bench') : undefined;
  const databaseUrl = scratch?.url;
  const handle = openDatabase({ databaseUrl, dataDir });
  const t0 = Date.now();
  await migrateToLatest(handle.db);
  await fill(handle.db);
  await syncSequences(handle, ['locations', 'services', 'users', 'messages']);
  if (dialect === 'postgres') await (await import('kysely')).sql`vacuum analyze`.execute(handle.db);
  else await (await import('kysely')).sql`pragma optimize`.execute(handle.db);
  await handle.close();
  console.log(
    `[${dialect}] gefüllt in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${SIZES.locations} Standorte, ${SIZES.residents} Bewohner, ${SIZES.messages} Beiträge, ${SIZES.likes} Likes, ${SIZES.comments} Kommentare, ${SIZES.documents} Anhänge`,
  );

  const rows: Row[] = [];
  try {
    for (const workers of WORKERS) rows.push(...(await measure(dialect, workers, dataDir, databaseUrl)));
  } finally {
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** Loads one server (with `workers` processes) on the filled database; the rows are labelled with both. */
async function measure(
  database: 'sqlite' | 'postgres',
  workers: number,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<Row[]> {
  const dialect = WORKERS.length > 1 ? `${database} ×${workers}` : database;
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    WEB_CONCURRENCY: String(workers),
  });
  const { url } = server;
  const rows: Row[] = [];
  try {
    const loginBody = JSON.stringify({ apartment_number: 'R-21', password: BENCH_PASSWORD });
    const res = await fetch(`${url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    const { token } = (await res.json()) as { token: string };
    const auth = { authorization: `Token ${token}` };
    const count = (await (await fetch(`${url}/api/messages/?page=500`, { headers: auth })).json()) as {
      results: unknown[];
      count: number;
    };
    if (count.results.length !== 10)
      throw new Error(`Seite 500 hat ${count.results.length} Beiträge (count ${count.count})`);
    const plan: {
      endpoint: string;
      path: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      setupClient?: (client: autocannon.Client) => void;
    }[] = [
      { endpoint: 'GET /api/messages/?page=1', path: '/api/messages/?page=1', headers: auth },
      {
        // As a browser asks: compressed if the server compresses (ADR 013).
        endpoint: 'GET /api/messages/?page=1 br',
        path: '/api/messages/?page=1',
        headers: { ...auth, 'accept-encoding': 'br, gzip' },
      },
      { endpoint: 'GET /api/messages/?page=500', path: '/api/messages/?page=500', headers: auth },
      { endpoint: 'GET /api/location/', path: '/api/location/', headers: auth },
      {
        // Twenty residents signing in at once from one address, as behind a building's NAT; one
        // resident twenty times in parallel would meet the per-apartment limit of ADR 008.
        endpoint: 'POST /api/login/',
        path: '/api/login/',
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: loginBody,
        setupClient: (() => {
          let n = 0;
          return (client: autocannon.Client) =>
            client.setBody(JSON.stringify({ apartment_number: `R-${(n++ % 5000) + 1}`, password: BENCH_PASSWORD }));
        })(),
      },
    ];
    for (const encoding of ['identity', 'gzip', 'br']) {
      const bytes = await bodyBytes(`${url}/api/messages/?page=1`, { ...auth, 'accept-encoding': encoding });
      console.log(`[${dialect}] Seite 1 mit Accept-Encoding ${encoding}: ${(bytes / 1024).toFixed(1)} kB`);
    }
    for (const p of plan) {
      // A short unrecorded run first, so JIT compilation and per-connection prepared
      // statements are not counted against the endpoint.
      await autocannon({
        url: url + p.path,
        method: p.method ?? 'GET',
        headers: p.headers,
        body: p.body,
        setupClient: p.setupClient,
        connections: CONNECTIONS,
        duration: 2,
      });
      await load(url, { ...p, path: p.path }).then((r) => rows.push({ dialect, endpoint: p.endpoint, ...r }));
      const last = rows.at(-1)!;
      console.log(
        `[${dialect}] ${last.endpoint.padEnd(30)} ${last.rps.toFixed(0).padStart(6)} req/s  p50 ${String(last.p50).padStart(4)} ms  p99 ${String(last.p99).padStart(4)} ms  non-2xx ${last.non2xx}  errors ${last.errors}`,
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const all: Row[] = [];
if (DIALECTS.includes('sqlite')) all.push(...(await benchDialect('sqlite')));
if (!DIALECTS.includes('postgres')) console.log('BENCH_DIALECTS: PostgreSQL nicht gemessen.');
else if (await pgReachable()) all.push(...(await benchDialect('postgres')));
else console.log('PostgreSQL nicht erreichbar: nur SQLite gemessen.');

console.log(
  `\nErgebnis (${CONNECTIONS} Verbindungen, je ${DURATION} s, ${os.cpus().length} Kerne, Node ${process.version})`,
);
console.log('| Datenbank | Endpunkt | req/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of all)
  console.log(`| ${r.dialect} | ${r.endpoint} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
for (const d of new Set(all.map((r) => r.dialect))) {
  const p1 = all.find((r) => r.dialect === d && r.endpoint.endsWith('page=1'));
  const p500 = all.find((r) => r.dialect === d && r.endpoint.endsWith('page=500'));
  if (p1 && p500)
    console.log(`${d}: Seite 500 ist ${(p1.rps / p500.rps).toFixed(2)}× langsamer als Seite 1 (Durchsatz)`);
}
