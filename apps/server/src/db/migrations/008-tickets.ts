import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The categories of migration time; later ones come from the contract when a location is created. */
const DEFAULT_CATEGORIES: [string, number][] = [
  ['Heizung', 1],
  ['Wasser & Sanitär', 1],
  ['Elektrik', 1],
  ['Aufzug', 0],
  ['Fenster & Türen', 0],
  ['Schlüssel & Schließanlage', 0],
  ['Treppenhaus & Gemeinschaftsflächen', 0],
  ['Außenanlagen', 0],
  ['Schädlinge', 0],
  ['Sonstiges', 0],
];

/**
 * Defect tickets (ADR 020):
 * - `tickets`: one report, numbered per year (`ticket_counters`), with the hash of the report as
 *   received; `(reporter_id, idempotency_key)` is unique, so a repeated submit makes one ticket.
 * - `ticket_followers`: residents who said 'Betrifft mich auch' about a building-wide ticket.
 * - `ticket_events`: the timeline (status changes, messages, internal notes, craftsman steps).
 * - `ticket_photos`, `ticket_categories` (per location, seeded with the ten defaults) and
 *   `ticket_assignments`, the craftsman's signed link (only its hash is stored).
 * - `email_outbox.attachments`: the receipt PDF travels with its mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('ticket_categories'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('emergency', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_categories_location')
    .on('ticket_categories')
    .columns(['location_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('ticket_counters')
    .addColumn('year', 'integer', (c: any) => c.primaryKey())
    .addColumn('last', 'integer', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('tickets'))
    .addColumn('number', 'text', (c: any) => c.notNull().unique())
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('source', 'text', (c: any) => c.notNull().defaultTo('app'))
    .addColumn('category_id', 'integer', (c: any) => c.notNull().references('ticket_categories.id'))
    .addColumn('scope', 'text', (c: any) => c.notNull())
    .addColumn('place', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c: any) => c.notNull())
    .addColumn('contact_consent', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('contact_phone', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('received'))
    .addColumn('assignee_provider_id', 'integer', (c: any) => c.references('providers.id').onDelete('set null'))
    .addColumn('appointment_at', 'text')
    .addColumn('merged_into_id', 'integer', (c: any) => c.references('tickets.id').onDelete('set null'))
    .addColumn('rating', 'integer')
    .addColumn('rating_text', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('reopen_count', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'text')
    .addColumn('first_response_at', 'text')
    .addColumn('last_staff_activity_at', 'text')
    .addColumn('last_activity_at', 'text', (c: any) => c.notNull())
    .addColumn('receipt_sha256', 'text', (c: any) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tickets_idempotency')
    .on('tickets')
    .columns(['reporter_id', 'idempotency_key'])
    .unique()
    .execute();
  // The back office's list: a location's tickets by status, oldest first.
  await db.schema
    .createIndex('tickets_location_status')
    .on('tickets')
    .columns(['location_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tickets_location_created')
    .on('tickets')
    .columns(['location_id', 'created_at'])
    .execute();
  // 'ohne Reaktion seit 48 h': open tickets by when the management last answered. Partial and on an
  // expression, so the list's filter and the navigation's count read a few index entries (the
  // query repeats the expression and the literal status list, tickets.repository.ts).
  await sql`create index tickets_waiting on tickets (location_id, (coalesce(last_staff_activity_at, created_at))) where status in ('received', 'in_progress', 'craftsman_assigned', 'appointment_set')`.execute(
    db,
  );
  await db.schema.createIndex('tickets_reporter').on('tickets').columns(['reporter_id', 'created_at']).execute();
  await db.schema
    .createIndex('tickets_building')
    .on('tickets')
    .columns(['location_id', 'scope', 'category_id', 'status'])
    .execute();

  await db.schema
    .createTable('ticket_followers')
    .addColumn('ticket_id', 'integer', (c: any) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('ticket_followers_pk', ['ticket_id', 'user_id'])
    .execute();
  await db.schema.createIndex('ticket_followers_user').on('ticket_followers').column('user_id').execute();

  await id(db.schema.createTable('ticket_photos'))
    .addColumn('ticket_id', 'integer', (c: any) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('file_key', 'text', (c: any) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c: any) => c.notNull())
    .addColumn('original', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('added_by', 'text', (c: any) => c.notNull())
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_photos_ticket').on('ticket_photos').columns(['ticket_id', 'id']).execute();

  await id(db.schema.createTable('ticket_assignments'))
    .addColumn('ticket_id', 'integer', (c: any) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c: any) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('message', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c: any) => c.notNull().defaultTo('offered'))
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('responded_at', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('ticket_assignments_ticket').on('ticket_assignments').column('ticket_id').execute();

  await id(db.schema.createTable('ticket_events'))
    .addColumn('ticket_id', 'integer', (c: any) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('internal', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('author', 'text', (c: any) => c.notNull())
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('assignment_id', 'integer', (c: any) => c.references('ticket_assignments.id').onDelete('set null'))
    .addColumn('status', 'text')
    .addColumn('text', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_events_ticket').on('ticket_events').columns(['ticket_id', 'id']).execute();

  // Mail may carry files now (the ticket receipt); they are dropped from the row once sent.
  await db.schema.alterTable('email_outbox').addColumn('attachments', 'text').execute();

  const now = new Date().toISOString();
  const locations = await db.selectFrom('locations').select('id').execute();
  for (const { id: locationId } of locations) {
    await db
      .insertInto('ticket_categories')
      .values(
        DEFAULT_CATEGORIES.map(([name, emergency], i) => ({
          location_id: locationId,
          name,
          emergency,
          sort_order: i,
          archived: 0,
          created_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('attachments').execute();
  for (const table of [
    'ticket_events',
    'ticket_assignments',
    'ticket_photos',
    'ticket_followers',
    'tickets',
    'ticket_counters',
    'ticket_categories',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
