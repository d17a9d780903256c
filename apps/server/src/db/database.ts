import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Compilable,
  type Expression,
  type Migration,
  type RawBuilder,
  type Simplify,
} from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-durable-mail.js';
import * as m003 from './migrations/003-system-services.js';
import * as m004 from './migrations/004-back-office.js';
import * as m005 from './migrations/005-notifications.js';
import * as m006 from './migrations/006-scale.js';
import * as m007 from './migrations/007-feed-version.js';
import * as m008 from './migrations/008-tickets.js';
import * as m010 from './migrations/010-activation.js';
import * as m009 from './migrations/009-home.js';
import * as m011 from './migrations/011-notices.js';
import * as m012 from './migrations/012-token-lifetimes.js';
import * as m013 from './migrations/013-staff-two-factor.js';
import * as m014 from './migrations/014-lock-order.js';
import * as m015 from './migrations/015-apartment-prefix.js';
import * as m017 from './migrations/017-parcels.js';
import * as m016 from './migrations/016-bookings.js';
import * as m018 from './migrations/018-push-language.js';
import * as m019 from './migrations/019-legal-pages.js';
import * as m020 from './migrations/020-api-keys.js';
import * as m021 from './migrations/021-resident-sync.js';
import * as m022 from './migrations/022-webhooks.js';
import * as m023 from './migrations/023-ticket-event-api-key.js';
import * as m024 from './migrations/024-webhook-lanes.js';
import * as m025 from './migrations/025-craftsman-loop.js';
import * as m026 from './migrations/026-content-translations.js';
import * as m028 from './migrations/028-parcel-tracking-number.js';
import * as m031 from './migrations/031-price-per-night.js';
import * as m032 from './migrations/032-reception-publishes.js';
import * as m033 from './migrations/033-mail-priority.js';

export type DB = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for the metrics (ADR 027); SQLite has one connection and none. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
}

// Migrations are imported statically so they work the same under tsx, tests and bundlers.
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-durable-mail': m002,
  '003-system-services': m003,
  '004-back-office': m004,
  '005-notifications': m005,
  '006-scale': m006,
  '007-feed-version': m007,
  '008-tickets': m008,
  '010-activation': m010,
  '009-home': m009,
  '011-notices': m011,
  '012-token-lifetimes': m012,
  '013-staff-two-factor': m013,
  '014-lock-order': m014,
  '015-apartment-prefix': m015,
  '017-parcels': m017,
  '016-bookings': m016,
  '018-push-language': m018,
  '019-legal-pages': m019,
  '020-api-keys': m020,
  '021-resident-sync': m021,
  '022-webhooks': m022,
  '023-ticket-event-api-key': m023,
  '024-webhook-lanes': m024,
  '025-craftsman-loop': m025,
  '026-content-translations': m026,
  '028-parcel-tracking-number': m028,
  '031-price-per-night': m031,
  '032-reception-publishes': m032,
  '033-mail-priority': m033,
};

/** Opens SQLite under dataDir, or PostgreSQL when databaseUrl is postgres://. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): DatabaseHandle {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Few connections per process: on a small machine more backends only compete for the same cores.
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 4 });
    pool.on('connect', (client) => prepareByText(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), pool };
  }
  const file = url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(opts.dataDir, 'hausportal.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer commits; busy_timeout queues writers instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  cachePreparedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // data_version costs a read of the WAL index (measured up to 30 µs under load), so it is read
  // once per turn of the event loop: a commit by another process is seen by every request that
  // arrives after it. total_changes() (this connection's writes) is read every time.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let version: unknown = null;
  commitStamps.set(db, () => {
    try {
      if (version === null) {
        version = dataVersion.get();
        setImmediate(() => (version = null));
      }
      return `${String(version)}:${String(totalChanges.get())}`;
    } catch {
      // The connection is busy (a statement still iterating): no stamp, nothing is reused.
      return null;
    }
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const commitStamps = new WeakMap<DB, () => string | null>();

/**
 * What has been committed to the database, as a text that changes with every commit (issue 34):
 * SQLite's data_version, which moves when another connection (another process) commits, and this
 * connection's total_changes(), which moves with its own writes. Read synchronously on the
 * connection, without a round through Kysely: about a microsecond. Null on PostgreSQL, which has
 * nothing as cheap, and inside a transaction (which may hold writes of its own).
 */
export function commitStamp(db: DB): string | null {
  if (db.isTransaction) return null;
  return commitStamps.get(db)?.() ?? null;
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on each call (about half of
 * a feed query's cost). Naming statements by their SQL text lets each connection prepare them once.
 * Bounded per connection; statements past the bound and multi-statement text go unnamed.
 */
function prepareByText(client: pg.PoolClient, max = 500): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && Array.isArray(values) && !text.includes(';')) {
      let name = names.get(text);
      if (!name && names.size < max) {
        name = `k${createHash('sha1').update(text).digest('base64url')}`;
        names.set(text, name);
      }
      if (name) return query({ name, text, values }, callback);
    }
    return query(text, values, callback);
  }) as typeof client.query;
}

/**
 * Kysely prepares every query anew; on SQLite preparing costs about as much as running a small
 * query, so the hot paths reuse statements by their SQL text (bounded, oldest dropped first).
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 500): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((text: string) => {
    // Kysely opens transactions with a deferred `begin`. With two processes on one WAL file, a
    // transaction that reads first and then writes fails at once with SQLITE_BUSY when the other
    // wrote in between (the busy timeout does not apply to that upgrade). Taking the write lock
    // at the start makes it wait its turn instead; readers outside transactions are not blocked.
    const source = text === 'begin' ? 'begin immediate' : text;
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source);
    } else {
      stmt = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    return stmt;
  }) as typeof sqlite.prepare;
}

/**
 * A query whose SQL text is built and compiled once per database, then run with new parameters.
 * On the hot paths (the token check, the feed) Kysely's builder and compiler cost more than
 * SQLite takes to run the query. `build` must make the same text whatever the values, and the
 * caller passes the parameters in the order the text expects them.
 */
export function precompiled<R>(build: (db: DB) => Compilable<R>): (db: DB, params: readonly unknown[]) => Promise<R[]> {
  const texts = new WeakMap<DB, string>();
  return async (db, params) => {
    let text = texts.get(db);
    if (text === undefined) {
      const compiled = build(db).compile();
      if (compiled.parameters.length !== params.length)
        throw new Error(`precompiled: ${compiled.parameters.length} Parameter erwartet, ${params.length} erhalten`);
      text = compiled.sql;
      texts.set(db, text);
    }
    return (await db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
  };
}

/**
 * Runs `fn` in a transaction, or in the caller's when `db` already is one, so repository
 * functions that need a transaction still compose into a larger one (the demo seed).
 *
 * PostgreSQL may end a transaction with a deadlock or a serialization failure although nothing
 * is wrong with the request; the outermost transaction is then run once more.
 * `fn` must therefore only write to the database (storage and mail happen before or after).
 */
export async function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  try {
    return await db.transaction().execute(fn);
  } catch (err) {
    if (!isTransientConflict(err)) throw err;
    return db.transaction().execute(fn);
  }
}

/**
 * PostgreSQL: locks these users' rows, in id order, before a transaction touches rows of several
 * authors. The lock order everywhere is authors (by id) before locations (migration 014); a bulk
 * approval would otherwise lock author, location, next author. SQLite has one writer at a time.
 */
export async function lockAuthorsFirst(trx: DB, userIds: readonly number[]): Promise<void> {
  if (!userIds.length || !(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** PostgreSQL's deadlock_detected (40P01) or serialization_failure (40001): worth one retry. */
export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Brings the schema to the newest version; throws if a migration fails. */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} fehlgeschlagen: ${String(error)}`);
  }
}

/**
 * PostgreSQL: waits for the advisory lock `key` and holds it until the transaction ends, so work
 * that several processes might start at once (the demo seed) runs once.
 */
export async function advisoryTransactionLock(trx: DB, key: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/**
 * PostgreSQL: serialises the transactions that take a lock of the same `name` until they end, for
 * a rule over several rows that no unique index can hold (a household's booking quota, ADR 029).
 * Take it first in the transaction, before any row lock, so it adds no cycle to the lock order of
 * migration 014. SQLite needs none: its transactions begin immediate, one writer at a time.
 */
export async function lockByName(trx: DB, name: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

/** Moves PostgreSQL id sequences past rows inserted with explicit ids (seed, fixed services). */
export async function syncSequences(handle: DatabaseHandle, tables: (keyof Database)[]): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  const { sql } = await import('kysely');
  for (const t of tables) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(
      handle.db,
    );
  }
}

/**
 * A subquery's rows as one JSON array column, written for the dialect at hand, so a page of
 * posts and their attachments is one round trip. SQLite hands the array back as JSON text;
 * read it with parseJsonArray.
 */
export function jsonArrayFrom<O>(db: DB, expr: Expression<O>): RawBuilder<Simplify<O>[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return pgJsonArrayFrom(expr) as RawBuilder<Simplify<O>[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return sqliteJsonArrayFrom(expr as any) as RawBuilder<Simplify<O>[]>;
}

/** The value of a jsonArrayFrom column on either dialect. */
export function parseJsonArray<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** True for a unique-constraint violation on either dialect (e.g. two writes of one login at once). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
