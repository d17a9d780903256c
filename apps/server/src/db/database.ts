import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import * as m001 from './migrations/001-initial.js';

export type DB = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
}

// Migrations are imported statically so they work the same under tsx, tests and bundlers.
const migrations: Record<string, Migration> = { '001-initial': m001 };

/** Opens SQLite under dataDir, or PostgreSQL when databaseUrl is postgres://. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
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
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; on SQLite preparing costs about as much as running a small
 * query, so the hot paths reuse statements by their SQL text (bounded, oldest dropped first).
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 500): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
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

/** Brings the schema to the newest version; throws if a migration fails. */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} fehlgeschlagen: ${String(error)}`);
  }
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
