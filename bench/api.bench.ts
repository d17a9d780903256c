// `npm run bench`: fills fresh databases with 20 locations, 5,000 residents and 200,000 messages,
// starts the real server in its own process and loads it with autocannon. Not a test: it prints
// figures (req/s, p50, p99) to compare between runs and machines.
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { BENCH_MANAGER, BENCH_PASSWORD, SIZES, scaled } from './fill.js';
import { signIn, staffSignIn } from './session.js';
import { filledDatabase } from './filled.js';
import { startServer } from './server.js';
import { hasWrk, wrk, type LoadFigures } from './wrk.js';
import { pgReachable } from '../apps/server/test/postgres.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
// The same database with one server process and with one per core (ADR 017); BENCH_WORKERS=1 for one.
const WORKERS = (process.env.BENCH_WORKERS ?? `1,${os.availableParallelism()}`).split(',').map((w) => Number(w.trim()));
// The flat-cost check: page 1 on databases of these many posts; BENCH_FLAT=off skips it.
const FLAT =
  process.env.BENCH_FLAT === 'off'
    ? []
    : (process.env.BENCH_FLAT ?? '10000,1000000').split(',').map((n) => Number(n.trim()));
// BENCH_DIALECTS=sqlite skips PostgreSQL.
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const CONNECTIONS = 20;

type Row = { dialect: string; endpoint: string } & LoadFigures;

// wrk for the GET endpoints when installed (bench/wrk.ts); BENCH_LOAD=autocannon keeps autocannon
// for everything, as earlier runs measured.
const WRK = process.env.BENCH_LOAD !== 'autocannon' && hasWrk;

async function load(
  url: string,
  opts: {
    method?: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: autocannon.Client) => void;
  },
  duration = DURATION,
) {
  if (WRK && (opts.method ?? 'GET') === 'GET')
    return wrk(url + opts.path, { headers: opts.headers, connections: CONNECTIONS, duration });
  const r = await autocannon({
    url: url + opts.path,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    setupClient: opts.setupClient,
    connections: CONNECTIONS,
    duration,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    tool: 'autocannon',
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

/** Likes and unlikes the newest approved post `perSecond` times a second as `token` until stopped. */
function likeLoop(url: string, token: string, perSecond: number): () => Promise<void> {
  const headers = { authorization: `Token ${token}` };
  let running = true;
  const done = (async () => {
    const page = (await (await fetch(`${url}/api/messages/?page=1`, { headers })).json()) as {
      results: { id: number; status: string }[];
    };
    // The receptionist's own pending posts come first on page 1; those cannot be liked yet.
    const id = page.results.find((p) => p.status === 'approved')!.id;
    for (let i = 0; running; i++) {
      const res = await fetch(`${url}/api/messages/${id}/${i % 2 ? 'unlike' : 'like'}/`, { method: 'PUT', headers });
      if (!res.ok) throw new Error(`Like: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 1000 / perSecond));
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { dataDir, databaseUrl, drop } = await filledDatabase(dialect, SIZES);
  const rows: Row[] = [];
  try {
    for (const workers of WORKERS) rows.push(...(await measure(dialect, workers, dataDir, databaseUrl)));
  } finally {
    await drop();
  }
  return rows;
}

/**
 * Page 1 on databases of FLAT posts each, with the most workers of BENCH_WORKERS: the cost of a
 * page must not grow with the data (1M posts at most 1.2× the cost at 10k).
 */
async function flatCost(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const rows: Row[] = [];
  for (const posts of FLAT) {
    const { dataDir, databaseUrl, drop } = await filledDatabase(dialect, scaled(posts));
    try {
      const workers = Math.max(...WORKERS);
      const measured = await measure(dialect, workers, dataDir, databaseUrl, ['GET /api/messages/?page=1']);
      rows.push(...measured.map((r) => ({ ...r, dialect: `${dialect} ${posts.toLocaleString('de-DE')} Beiträge` })));
    } finally {
      await drop();
    }
  }
  return rows;
}

/** Loads one server (with `workers` processes) on the filled database; the rows are labelled with both. */
async function measure(
  database: 'sqlite' | 'postgres',
  workers: number,
  dataDir: string,
  databaseUrl: string | undefined,
  only?: string[],
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
    const auth = { authorization: `Token ${await signIn(url, 'R-21')}` };
    // R-1 is the receptionist of R-21's building (fill.ts: every 250th resident).
    const receptionist = await signIn(url, 'R-1');
    const manager = only ? null : { authorization: `Token ${await staffSignIn(url, BENCH_MANAGER)}` };
    const count = (await (await fetch(`${url}/api/messages/?page=500`, { headers: auth })).json()) as {
      results: unknown[];
      count: number;
    };
    if (!only && count.results.length !== 10)
      throw new Error(`Seite 500 hat ${count.results.length} Beiträge (count ${count.count})`);
    if (manager) {
      const tickets = (await (
        await fetch(`${url}/api/admin/tickets/?location_id=1&status=received`, { headers: manager })
      ).json()) as {
        count: number;
      };
      console.log(`[${dialect}] Meldungen von Standort 1 im Status 'Eingegangen': ${tickets.count}`);
      if (!tickets.count) throw new Error('Keine Meldungen gefüllt');
    }
    const plan: {
      endpoint: string;
      path: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      setupClient?: (client: autocannon.Client) => void;
      /** Writes that go on during the load; returns what stops them. */
      during?: () => () => Promise<void>;
    }[] = [
      { endpoint: 'GET /api/messages/?page=1', path: '/api/messages/?page=1', headers: auth },
      {
        // As a browser asks: compressed if the server compresses (ADR 013).
        endpoint: 'GET /api/messages/?page=1 br',
        path: '/api/messages/?page=1',
        headers: { ...auth, 'accept-encoding': 'br, gzip' },
      },
      {
        // A busy building: the receptionist likes and unlikes ten times a second, and every like
        // makes each process rebuild the cached page once (ADR 018).
        endpoint: 'GET /api/messages/?page=1, 10 Likes/s',
        path: '/api/messages/?page=1',
        headers: auth,
        during: () => likeLoop(url, receptionist, 10),
      },
      { endpoint: 'GET /api/messages/?page=500', path: '/api/messages/?page=500', headers: auth },
      { endpoint: 'GET /api/location/', path: '/api/location/', headers: auth },
      // The manager's ticket list over 100,000 tickets, one location and status, oldest first.
      ...(manager
        ? [
            {
              endpoint: 'GET /api/admin/tickets/ (Standort, Status, nach Alter)',
              path: '/api/admin/tickets/?location_id=1&status=received&sort=oldest',
              headers: manager,
            },
            {
              endpoint: 'GET /api/admin/tickets/ (ohne Reaktion seit 48 h)',
              path: '/api/admin/tickets/?location_id=1&stale=true',
              headers: manager,
            },
          ]
        : []),
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
    for (const encoding of only ? [] : ['identity', 'gzip', 'br']) {
      const bytes = await bodyBytes(`${url}/api/messages/?page=1`, { ...auth, 'accept-encoding': encoding });
      console.log(`[${dialect}] Seite 1 mit Accept-Encoding ${encoding}: ${(bytes / 1024).toFixed(1)} kB`);
    }
    for (const p of plan.filter((p) => !only || only.includes(p.endpoint))) {
      // A short unrecorded run first, so JIT compilation and per-connection prepared
      // statements are not counted against the endpoint.
      await load(url, p, 2);
      const stopWrites = p.during?.();
      await load(url, { ...p, path: p.path }).then((r) => rows.push({ dialect, endpoint: p.endpoint, ...r }));
      await stopWrites?.();
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
const flat: Row[] = [];
const pgUp = DIALECTS.includes('postgres') && (await pgReachable());
if (DIALECTS.includes('postgres') && !pgUp) console.log('PostgreSQL nicht erreichbar: nur SQLite gemessen.');
if (!DIALECTS.includes('postgres')) console.log('BENCH_DIALECTS: PostgreSQL nicht gemessen.');
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (!DIALECTS.includes(dialect) || (dialect === 'postgres' && !pgUp)) continue;
  all.push(...(await benchDialect(dialect)));
  flat.push(...(await flatCost(dialect)));
}

console.log(
  `\nErgebnis (${CONNECTIONS} Verbindungen, je ${DURATION} s, ${os.cpus().length} Kerne, Node ${process.version})`,
);
console.log('| Datenbank | Endpunkt | req/s | p50 ms | p99 ms | non-2xx | Lastgenerator |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const r of all)
  console.log(`| ${r.dialect} | ${r.endpoint} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.tool} |`);
for (const d of new Set(all.map((r) => r.dialect))) {
  const p1 = all.find((r) => r.dialect === d && r.endpoint.endsWith('page=1'));
  const p500 = all.find((r) => r.dialect === d && r.endpoint.endsWith('page=500'));
  if (p1 && p500)
    console.log(`${d}: Seite 500 ist ${(p1.rps / p500.rps).toFixed(2)}× langsamer als Seite 1 (Durchsatz)`);
}
if (flat.length) {
  console.log(`\nGleiche Kosten bei mehr Daten (Seite 1, ${Math.max(...WORKERS)} Worker)`);
  console.log('| Datenbank | req/s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const r of flat) console.log(`| ${r.dialect} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
  for (const d of DIALECTS) {
    const sized = flat.filter((r) => r.dialect.startsWith(d));
    if (sized.length > 1)
      console.log(
        `${d}: Seite 1 bei ${sized.at(-1)!.dialect.slice(d.length + 1)} kostet ${(sized[0]!.rps / sized.at(-1)!.rps).toFixed(2)}× so viel wie bei ${sized[0]!.dialect.slice(d.length + 1)}`,
      );
  }
}
