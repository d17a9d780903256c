// `npm run bench:compare -- <git-ref>` (issue 34): the working tree against another commit, in one
// run on this machine. The commit is unpacked once into ~/.cache/hausportal/compare/<sha> with its
// own `npm ci`; both are started as their `npm start` runs them (bench/server.ts), one worker per
// core, on copies of the same databases (the bench volume of bench/fill.ts, the booking week and
// the parcel desk of bench/fills/), filled by the working tree. The older commit's copy forgets the
// migrations it does not know, so it starts on a schema that is a superset of its own.
// Then, BENCH_ROUNDS rounds (default 3) of BENCH_DURATION seconds (default 5) per endpoint with
// wrk at 20 connections, the two in alternating order, and per endpoint the medians and the
// ratio working tree / commit. A drop beyond 10 % is marked: explain it or fix it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { fillDatabase, type EndpointBench } from './endpoints.js';
import { BENCH_MANAGER, SIZES, scaled } from './fill.js';
import { filledDatabase } from './filled.js';
import { bookingsBench } from './fills/bookings.js';
import { parcelsBench } from './fills/parcels.js';
import { startServer } from './server.js';
import { signIn, staffSignIn } from './session.js';
import { median, wrk, type LoadFigures } from './wrk.js';

const root = path.resolve(import.meta.dirname, '..');
const ref = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!ref) {
  console.error('Aufruf: npm run bench:compare -- <git-ref>   (z. B. HEAD, HEAD~3, 49d2176)');
  process.exit(2);
}
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POSTS = Number(process.env.BENCH_POSTS ?? SIZES.messages);
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const CONNECTIONS = 20;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const sha = git('rev-parse', `${ref}^{commit}`);
const label = `${ref} (${sha.slice(0, 7)})`;

/** The commit's files and its own dependencies, once per commit. */
function checkout(): string {
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'hausportal', 'compare', sha);
  const ready = path.join(dir, '.hausportal-ready');
  if (fs.existsSync(ready)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  console.log(`[compare] ${label} nach ${dir} …`);
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: root, stdio: 'inherit' });
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`npm ci in ${dir} fehlgeschlagen`);
  fs.writeFileSync(ready, new Date().toISOString());
  return dir;
}

/** The migration names the checkout's code knows (the keys of its migrations table in database.ts). */
function migrationsOf(tree: string): Set<string> {
  const text = fs.readFileSync(path.join(tree, 'apps/server/src/db/database.ts'), 'utf8');
  return new Set([...text.matchAll(/^\s*'(\d{3}-[a-z0-9-]+)':/gm)].map((m) => m[1]!));
}

/** A copy of a filled SQLite data folder for `tree`, without the migrations that code does not know. */
function copyFor(dataDir: string, tree: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-compare-'));
  fs.cpSync(dataDir, copy, { recursive: true });
  const known = migrationsOf(tree);
  const db = new SQLite(path.join(copy, 'hausportal.sqlite'));
  const names = db.prepare('select name from kysely_migration').pluck().all() as string[];
  for (const name of names.filter((n) => !known.has(n)))
    db.prepare('delete from kysely_migration where name = ?').run(name);
  db.close();
  return copy;
}

interface Target {
  /** Endpoint label and path. */
  endpoints: [string, string][];
  /** The token for the requests, from a server's URL. */
  token(url: string): Promise<string>;
  dataDir: string;
  drop(): Promise<void>;
}

async function loginToken(url: string, bench: EndpointBench): Promise<string> {
  const res = await fetch(`${url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bench.login),
  });
  if (!res.ok) throw new Error(`Anmeldung: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function targets(): Promise<Target[]> {
  const main = await filledDatabase(
    'sqlite',
    POSTS === SIZES.messages ? SIZES : { ...scaled(POSTS), tickets: SIZES.tickets },
  );
  const bookings = await fillDatabase('sqlite', bookingsBench);
  const parcels = await fillDatabase('sqlite', parcelsBench);
  return [
    {
      endpoints: [
        ['Feed Seite 1', '/api/messages/?page=1'],
        ['Feed Seite 500', '/api/messages/?page=500'],
        ['Standort', '/api/location/'],
      ],
      token: (url) => signIn(url, 'R-21'),
      ...main,
      // The next target reads the same database and removes it.
      drop: async () => undefined,
    },
    {
      endpoints: [['Meldungsliste (Verwaltung)', '/api/admin/tickets/?location_id=1&status=received&sort=oldest']],
      token: (url) => staffSignIn(url, BENCH_MANAGER),
      ...main,
    },
    {
      endpoints: [['Buchungswoche', bookingsBench.endpoints[0]![1]]],
      token: (url) => loginToken(url, bookingsBench),
      ...bookings,
    },
    {
      endpoints: [['Paketausgabe (offene Pakete)', parcelsBench.endpoints[0]![1]]],
      token: (url) => loginToken(url, parcelsBench),
      ...parcels,
    },
  ];
}

interface Row {
  endpoint: string;
  before: LoadFigures[];
  after: LoadFigures[];
}

const tree = checkout();
console.log(`[compare] Arbeitsbaum gegen ${label}; ${ROUNDS} Runden à ${DURATION} s je Endpunkt, ${WORKERS} Worker`);
const rows: Row[] = [];
const env = { SEED_DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'info', WEB_CONCURRENCY: String(WORKERS) };
for (const target of await targets()) {
  const copy = copyFor(target.dataDir, tree);
  const before = await startServer({ ...env, DATA_DIR: copy, DATABASE_URL: '' }, tree);
  const after = await startServer({ ...env, DATA_DIR: target.dataDir, DATABASE_URL: '' });
  try {
    const auth = {
      before: { authorization: `Token ${await target.token(before.url)}` },
      after: { authorization: `Token ${await target.token(after.url)}` },
    };
    for (const [endpoint, p] of target.endpoints) {
      const row: Row = { endpoint, before: [], after: [] };
      const run = (which: 'before' | 'after', duration = DURATION) =>
        wrk((which === 'before' ? before : after).url + p, {
          headers: auth[which],
          connections: CONNECTIONS,
          duration,
        });
      // Warm-up, not counted: the JIT, the caches, the statements.
      await run('before', 1);
      await run('after', 1);
      for (let round = 0; round < ROUNDS; round++) {
        for (const which of round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
          const r = await run(which);
          if (r.non2xx || r.errors) throw new Error(`${endpoint} (${which}): ${r.non2xx} non-2xx, ${r.errors} Fehler`);
          row[which].push(r);
        }
      }
      rows.push(row);
      const [b, a] = [median(row.before.map((r) => r.rps)), median(row.after.map((r) => r.rps))];
      console.log(`[compare] ${endpoint}: ${b.toFixed(0)} → ${a.toFixed(0)} req/s (${(a / b).toFixed(2)}×)`);
    }
  } finally {
    await before.stop();
    await after.stop();
    fs.rmSync(copy, { recursive: true, force: true });
    await target.drop();
  }
}

console.log(
  `\nArbeitsbaum gegen ${label} (${CONNECTIONS} Verbindungen, ${ROUNDS} Runden à ${DURATION} s, ${WORKERS} Worker, ${os.availableParallelism()} Kerne, Node ${process.version}, Mediane)`,
);
console.log(`| Endpunkt | ${sha.slice(0, 7)} req/s | jetzt req/s | Verhältnis | p99 vorher | p99 jetzt |`);
console.log('|---|---:|---:|---:|---:|---:|');
let slower = 0;
for (const r of rows) {
  const [b, a] = [median(r.before.map((x) => x.rps)), median(r.after.map((x) => x.rps))];
  const ratio = a / b;
  if (ratio < 0.9) slower++;
  console.log(
    `| ${r.endpoint} | ${b.toFixed(0)} | ${a.toFixed(0)} | ${ratio.toFixed(2)}×${ratio < 0.9 ? ' ⚠' : ''} | ${median(r.before.map((x) => x.p99))} ms | ${median(r.after.map((x) => x.p99))} ms |`,
  );
}
if (slower)
  console.log(`\n⚠ ${slower} Endpunkt(e) mehr als 10 % langsamer: im Commit oder in der Notiz erklären oder beheben.`);
