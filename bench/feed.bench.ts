// `npm run bench:feed` (and part of `npm run bench`): the blackboard feed against its ceiling
// (issue 34). Per dialect a database of the bench volume (200,000 posts, bench/fill.ts), the real
// server with one worker per core, and beside it bare node:http with as many workers serving the
// very bytes the feed sent for page 1 (bench/ceiling-server.mjs). In alternation, BENCH_ROUNDS
// rounds (default 3) of BENCH_DURATION seconds (default 10) each with wrk at 20 connections: the
// ceiling, page 1 as one viewer, and page 1 as 100 viewers of the same building in turn. Prints
// req/s, p50 and p99 per round and the medians' ratios: feed/ceiling (target ≥ 40 % on SQLite,
// ≥ 20 % on PostgreSQL, p99 < 10 ms) and 100 viewers/one viewer (target ≥ 0.95).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgReachable } from '../apps/server/test/postgres.js';
import { freePort } from '../apps/server/test/server-process.js';
import { SIZES, scaled } from './fill.js';
import { filledDatabase } from './filled.js';
import { startServer } from './server.js';
import { signIn } from './session.js';
import { median, wrk, type LoadFigures } from './wrk.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const CONNECTIONS = 20;
/** BENCH_POSTS: a smaller feed for a quick look (the figures of record use 200,000). */
const POSTS = Number(process.env.BENCH_POSTS ?? SIZES.messages);
/** 100 residents of R-21's building (location 1: every 20th resident, bench/fill.ts). */
const VIEWERS = Array.from({ length: 100 }, (_, k) => `R-${21 + 20 * k}`);

/** bare node:http serving `body` as `contentType` with `workers` processes; resolves once it answers. */
async function startCeiling(body: Buffer, contentType: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hp-ceiling-')), 'page.json');
  fs.writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'ceiling-server.mjs'), String(port), String(WORKERS), file, contentType],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

interface Result {
  dialect: string;
  ceiling: LoadFigures[];
  one: LoadFigures[];
  hundred: LoadFigures[];
  bytes: number;
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<Result> {
  const { dataDir, databaseUrl, drop } = await filledDatabase(
    dialect,
    POSTS === SIZES.messages ? SIZES : scaled(POSTS),
  );
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    // As in production: the request log at info (to a pipe nobody reads), one worker per core.
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: String(WORKERS),
  });
  let ceiling: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    const tokens: string[] = [];
    for (const apartment of VIEWERS) tokens.push(await signIn(server.url, apartment));
    const auth = { authorization: `Token ${tokens[0]}` };
    const page = await fetch(`${server.url}/api/messages/?page=1`, { headers: auth });
    const body = Buffer.from(await page.arrayBuffer());
    if (!page.ok || (JSON.parse(body.toString()) as { results: unknown[] }).results.length === 0)
      throw new Error(`Seite 1: ${page.status}`);
    ceiling = await startCeiling(body, page.headers.get('content-type') ?? 'application/json');
    const feedUrl = `${server.url}/api/messages/?page=1`;
    const load = (url: string, extra: Partial<Parameters<typeof wrk>[1]> = {}) =>
      wrk(url, { headers: auth, connections: CONNECTIONS, duration: DURATION, ...extra });
    // Warm-up, not counted: the JIT, the page cache, the statements.
    await load(ceiling.url, { duration: 2 });
    await load(feedUrl, { duration: 2, rotate: { header: 'Authorization', values: tokens.map((t) => `Token ${t}`) } });
    const result: Result = { dialect: `${dialect} ×${WORKERS}`, ceiling: [], one: [], hundred: [], bytes: body.length };
    for (let round = 1; round <= ROUNDS; round++) {
      result.ceiling.push(await load(ceiling.url));
      result.one.push(await load(feedUrl));
      result.hundred.push(
        await load(feedUrl, { rotate: { header: 'Authorization', values: tokens.map((t) => `Token ${t}`) } }),
      );
      const [c, o, h] = [result.ceiling, result.one, result.hundred].map((r) => r.at(-1)!);
      console.log(
        `[${result.dialect}] Runde ${round}: Decke ${c!.rps.toFixed(0)} req/s · Feed ${o!.rps.toFixed(0)} req/s (p99 ${o!.p99} ms) · 100 Leser ${h!.rps.toFixed(0)} req/s (p99 ${h!.p99} ms)`,
      );
      for (const r of [o!, h!]) if (r.non2xx || r.errors) throw new Error(`Fehler unter Last: ${JSON.stringify(r)}`);
    }
    return result;
  } finally {
    await ceiling?.stop();
    await server.stop();
    await drop();
  }
}

const results: Result[] = [];
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (!DIALECTS.includes(dialect)) continue;
  if (dialect === 'postgres' && !(await pgReachable())) {
    console.log('PostgreSQL nicht erreichbar: nur SQLite gemessen.');
    continue;
  }
  results.push(await benchDialect(dialect));
}

console.log(
  `\nFeed gegen Decke (${CONNECTIONS} Verbindungen, ${ROUNDS} Runden à ${DURATION} s, ${os.availableParallelism()} Kerne, Node ${process.version}, Mediane)`,
);
console.log(
  '| Datenbank | Seite 1 | Decke req/s | Feed req/s | Anteil | Feed p50 | Feed p99 | 100 Leser req/s | 100/1 |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const c = median(r.ceiling.map((x) => x.rps));
  const o = median(r.one.map((x) => x.rps));
  const h = median(r.hundred.map((x) => x.rps));
  console.log(
    `| ${r.dialect} | ${(r.bytes / 1024).toFixed(1)} kB | ${c.toFixed(0)} | ${o.toFixed(0)} | ${((o / c) * 100).toFixed(1)} % | ${median(r.one.map((x) => x.p50))} ms | ${median(r.one.map((x) => x.p99))} ms | ${h.toFixed(0)} | ${(h / o).toFixed(2)} |`,
  );
}
console.log('Ziele: Anteil ≥ 40 % (SQLite), ≥ 20 % (PostgreSQL); p99 < 10 ms; 100 Leser ≥ 0,95 × ein Leser.');
