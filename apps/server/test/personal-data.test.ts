import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DB, type Dialect } from '../src/db/database.js';
import { PersonalData } from '../src/personal-data/registry.js';
import { PERSONAL_DATA } from '../src/registry.js';
import { dialects, freshDatabase, type TestDatabase } from './harness.js';

/**
 * Tables whose rows name a person but are in no module's part of the DSGVO rights, on purpose.
 * Each names staff only, as the author of the management's own work (Art. 6(1)(c)/(f)): staff
 * accounts are deactivated, never erased, and what they did stays attributable.
 */
const ALLOWED: Record<string, string> = {
  manager_locations: 'which staff account manages which location',
  api_keys: 'the administrator who created or revoked an integration key',
  webhook_endpoints: 'the administrator who added a webhook endpoint',
  booking_blocks: 'the manager who blocked a period of a bookable room',
  legal_pages: 'the administrator who last edited a legal page',
  notices: 'the manager who wrote a notice',
  ticket_assignments: 'the manager who gave a ticket to a craftsman',
};

/** A column that holds a person's account id: user_id, author_id, reporter_id, created_by, … */
const PERSON_COLUMN = /^(?:.+_)?(?:user|author|resident|reporter|owner|actor|member)_id$|^[a-z_]+_by$/;

interface Column {
  table: string;
  column: string;
  type: string;
}

/** Every column of every table the migrations made, read from the database itself. */
async function columnsOf(db: DB, dialect: Dialect): Promise<Column[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<Column>`
      select table_name as "table", column_name as "column", data_type as "type"
      from information_schema.columns where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(db);
    return rows;
  }
  const { rows } = await sql<Column>`
    select m.name as "table", p.name as "column", lower(p.type) as "type"
    from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%'
    order by m.name, p.cid`.execute(db);
  return rows;
}

/** The tables with a person column that neither the registry nor ALLOWED answers for, with those columns. */
export function unaccounted(columns: Column[], registered: ReadonlyMap<string, string>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const c of columns) {
    if (c.table.startsWith('kysely_') || !PERSON_COLUMN.test(c.column)) continue;
    // A `_by` column that is text names a role ('resident', 'craftsman'), not an account.
    if (c.column.endsWith('_by') && !/int/.test(c.type)) continue;
    if (registered.has(c.table) || c.table in ALLOWED) continue;
    (found[c.table] ??= []).push(c.column);
  }
  return found;
}

const registered = new PersonalData(PERSONAL_DATA).tables();

describe.each(await dialects())('the personal-data registry against the schema (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    await migrateToLatest(t.handle.db);
  });
  afterAll(() => t.drop());

  it('answers for every table whose rows name a person: each is in a module’s export and erasure, or allowed here', async () => {
    expect(unaccounted(await columnsOf(t.handle.db, dialect), registered)).toEqual({});
  });

  it('fails for a new table about people that no module registers', async () => {
    await sql`create table planted_notes (id integer primary key, user_id integer not null, created_by integer, text text)`.execute(
      t.handle.db,
    );
    try {
      expect(unaccounted(await columnsOf(t.handle.db, dialect), registered)).toEqual({
        planted_notes: ['user_id', 'created_by'],
      });
    } finally {
      await sql`drop table planted_notes`.execute(t.handle.db);
    }
  });

  it('names only tables that exist, and each allowed table really names a person', async () => {
    const columns = await columnsOf(t.handle.db, dialect);
    const tables = new Set(columns.map((c) => c.table));
    expect([...registered.keys()].filter((name) => !tables.has(name))).toEqual([]);
    const withPerson = new Set(columns.filter((c) => PERSON_COLUMN.test(c.column)).map((c) => c.table));
    expect(Object.keys(ALLOWED).filter((name) => !withPerson.has(name))).toEqual([]);
  });
});

describe('the personal-data registry', () => {
  it('refuses a table registered by two modules', () => {
    const part = (module: string) => ({
      module,
      tables: ['likes'] as const,
      exportPersonalData: async () => ({}),
      erasePersonalData: async () => undefined,
    });
    expect(() => new PersonalData([part('a'), part('b')])).toThrow(
      'Die Tabelle „likes“ ist zweimal registriert (a, b).',
    );
  });
});
