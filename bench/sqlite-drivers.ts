// `npm run bench:sqlite` (issue 34, ADR 045): the SQLite drivers side by side in one run, outside
// the server, on the feed's own statements, and a GC-heavy soak of each.
//  - better-sqlite3 as installed (13), and 12 when BENCH_BS3_12 points at a folder where
//    `npm install better-sqlite3@12` was run (bench/README.md);
//  - Node's built-in node:sqlite (DatabaseSync).
// Per driver: a database of 200,000 posts and 200,000 likes (the feed's tables, reduced to the
// columns its statements read), the page statement (20 rows at an offset) and the viewer-state
// statement (a union of seeks), each prepared once and run BENCH_RUNS times (default 20,000):
// µs per run, best of 3. Then the soak: for BENCH_SOAK seconds (default 20) a new statement per
// iteration that is used and dropped (as the statement cache evicts them), with a forced garbage
// collection every 200 iterations, in a child process of its own: a crash shows as its exit signal.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 20_000);
const SOAK_S = Number(process.env.BENCH_SOAK ?? 20);
const require = createRequire(import.meta.url);

interface Statement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}
interface Driver {
  name: string;
  open(file: string): { exec(sql: string): void; prepare(sql: string): Statement; close(): void };
}

function drivers(): Driver[] {
  const list: Driver[] = [];
  const bs3 = (name: string, mod: string): Driver => {
    const SQLite = require(mod) as new (file: string) => {
      exec(sql: string): void;
      prepare(sql: string): Statement;
      close(): void;
    };
    return { name, open: (file) => new SQLite(file) };
  };
  const version = (dir: string) =>
    (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const installed = path.dirname(require.resolve('better-sqlite3/package.json'));
  list.push(bs3(`better-sqlite3 ${version(installed)}`, installed));
  const twelve = process.env.BENCH_BS3_12;
  if (twelve) {
    const dir = path.join(twelve, 'node_modules', 'better-sqlite3');
    list.push(bs3(`better-sqlite3 ${version(dir)}`, dir));
  }
  const { DatabaseSync } = require('node:sqlite') as typeof import('node:sqlite');
  list.push({
    name: `node:sqlite (Node ${process.versions.node})`,
    open: (file) => {
      const db = new DatabaseSync(file);
      return {
        exec: (sql) => db.exec(sql),
        prepare: (sql) => db.prepare(sql) as unknown as Statement,
        close: () => db.close(),
      };
    },
  });
  return list;
}

const PAGE = `select id, location_id, user_id, text, like_count, comment_count, created_at
  from messages where location_id = ? and status = 'approved' order by id desc limit 20 offset ?`;
const STATE = `select 0 as k, feed_version as id from locations where id = ?
  union all select 1, message_id from likes where user_id = ? and message_id between ? and ?`;

function fill(db: ReturnType<Driver['open']>) {
  db.exec(`pragma journal_mode = wal; pragma synchronous = normal;
    create table locations (id integer primary key, feed_version integer not null);
    create table messages (id integer primary key, location_id integer not null, user_id integer not null,
      text text not null, status text not null, like_count integer not null, comment_count integer not null,
      created_at text not null);
    create index messages_feed on messages (location_id, status, id);
    create table likes (user_id integer not null, message_id integer not null, primary key (user_id, message_id)) without rowid;
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 20)
    insert into locations select i, 1 from n;`);
}

function fillRows(db: ReturnType<Driver['open']>) {
  db.exec('begin');
  const m = db.prepare('insert into messages values (?, ?, ?, ?, ?, 0, 0, ?)');
  for (let i = 1; i <= 200_000; i++)
    m.run(
      i,
      (i % 20) + 1,
      (i % 5000) + 1,
      `Beitrag ${i}: ${'Lorem ipsum dolor sit amet. '.repeat(1 + (i % 8))}`,
      i % 33 ? 'approved' : 'pending',
      new Date(1.7e12 + i * 3e5).toISOString(),
    );
  const l = db.prepare('insert or ignore into likes values (?, ?)');
  for (let i = 1; i <= 200_000; i++) l.run(((i * 7919) % 5000) + 1, ((i * 104729) % 200_000) + 1);
  db.exec('commit');
}

function time(fn: () => void): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < RUNS; i++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1000 / RUNS);
  }
  return best;
}

/** In the child: the soak of one driver; exits 0 when it survives. */
function soak(driver: Driver, file: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('--expose-gc fehlt');
  const db = driver.open(file);
  const end = Date.now() + SOAK_S * 1000;
  let n = 0;
  while (Date.now() < end) {
    // A new text each time: a new statement, dropped after use like an evicted cache entry.
    const stmt = db.prepare(`${PAGE} -- ${n}`);
    stmt.all((n % 20) + 1, n % 500);
    if (++n % 200 === 0) gc();
  }
  db.close();
  console.log(JSON.stringify({ statements: n }));
}

const [mode, which, file] = process.argv.slice(2);
if (mode === 'soak') {
  soak(
    drivers().find((d) => d.name === which)!,
    file!,
  );
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-sqlite-'));
  const rows: string[] = [];
  for (const driver of drivers()) {
    const file = path.join(dir, `${driver.name.replace(/\W+/g, '_')}.sqlite`);
    const db = driver.open(file);
    fill(db);
    fillRows(db);
    const page = db.prepare(PAGE);
    const state = db.prepare(STATE);
    let k = 0;
    const pageUs = time(() => page.all(1, 20 * (k++ % 10)));
    const deepUs = time(() => page.all(1, 20 * 499));
    const stateUs = time(() => state.all(1, 21, 199_000, 199_400));
    db.close();
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', import.meta.filename, 'soak', driver.name, file],
      { encoding: 'utf8' },
    );
    const survived = child.status === 0;
    const statements = survived
      ? (JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { statements: number }).statements
      : 0;
    const line = `| ${driver.name} | ${pageUs.toFixed(1)} | ${deepUs.toFixed(1)} | ${stateUs.toFixed(1)} | ${survived ? `überstanden: ${statements.toLocaleString('de-DE')} Anweisungen, ${SOAK_S} s` : `ABGESTÜRZT (${child.signal ?? child.status}) ${child.stderr.slice(-300)}`} |`;
    console.log(line);
    rows.push(line);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`\nSQLite-Treiber (Node ${process.version}, ${RUNS} Läufe, bestes von 3, µs je Lauf)`);
  console.log('| Treiber | Seite 1 µs | Seite 500 µs | Leser-Status µs | GC-Dauerlauf |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) console.log(r);
}
