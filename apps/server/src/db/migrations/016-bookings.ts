import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Bookings (ADR 029):
 * - `booking_resources`: a bookable room or flat of a location, by time slots or whole days.
 * - `booking_blocks`: periods a manager closed a resource for (maintenance).
 * - `bookings`: one booking of a household (the booking user and their apartment number).
 * - `booking_slots`: one row per slot (slot mode: its UTC start) or night (day mode: the Berlin
 *   date) an active booking occupies. The unique index `(resource_id, slot_key)` is what makes a
 *   double booking impossible, on SQLite and PostgreSQL alike: the booking's transaction inserts
 *   its rows, and the loser of a race gets a unique violation (mapped to a German 409).
 * - `booking_feeds`: the hash of each resident's secret calendar feed token.
 * - A resource's photo (`photo_key`, its 400 px `photo_thumbnail_key` and size in pixels) and its
 *   house rules as a PDF (`house_rules_key`, the name it was uploaded as, its size in bytes), in the
 *   file store. Both show a shared room to the residents of its location: no personal data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('booking_resources'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('description', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('house_rules', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('mode', 'text', (c: any) => c.notNull())
    .addColumn('slot_minutes', 'integer', (c: any) => c.notNull().defaultTo(120))
    .addColumn('day_start', 'text', (c: any) => c.notNull().defaultTo('07:00'))
    .addColumn('day_end', 'text', (c: any) => c.notNull().defaultTo('22:00'))
    .addColumn('horizon_days', 'integer', (c: any) => c.notNull().defaultTo(60))
    .addColumn('max_length', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('quota_count', 'integer')
    .addColumn('quota_period', 'text', (c: any) => c.notNull().defaultTo('week'))
    .addColumn('cancel_hours', 'integer', (c: any) => c.notNull().defaultTo(24))
    .addColumn('approval_required', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('fee_text', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('photo_key', 'text')
    .addColumn('photo_thumbnail_key', 'text')
    .addColumn('photo_width', 'integer')
    .addColumn('photo_height', 'integer')
    .addColumn('house_rules_key', 'text')
    .addColumn('house_rules_name', 'text')
    .addColumn('house_rules_size', 'integer')
    .addColumn('archived', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_resources_location')
    .on('booking_resources')
    .columns(['location_id', 'name'])
    .execute();

  await id(db.schema.createTable('booking_blocks'))
    .addColumn('resource_id', 'integer', (c: any) => c.notNull().references('booking_resources.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c: any) => c.notNull())
    .addColumn('ends_at', 'text', (c: any) => c.notNull())
    .addColumn('reason', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_blocks_resource')
    .on('booking_blocks')
    .columns(['resource_id', 'ends_at'])
    .execute();

  await id(db.schema.createTable('bookings'))
    .addColumn('resource_id', 'integer', (c: any) => c.notNull().references('booking_resources.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('apartment_number', 'text', (c: any) => c.notNull())
    .addColumn('starts_at', 'text', (c: any) => c.notNull())
    .addColumn('ends_at', 'text', (c: any) => c.notNull())
    .addColumn('check_in', 'text')
    .addColumn('check_out', 'text')
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('note', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('decision_reason', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('reminded_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_resource_time').on('bookings').columns(['resource_id', 'starts_at']).execute();
  await db.schema.createIndex('bookings_user').on('bookings').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('bookings_location_time').on('bookings').columns(['location_id', 'starts_at']).execute();
  await db.schema
    .createIndex('bookings_household')
    .on('bookings')
    .columns(['resource_id', 'apartment_number', 'starts_at'])
    .execute();
  await db.schema.createIndex('bookings_status_time').on('bookings').columns(['status', 'starts_at']).execute();

  await db.schema
    .createTable('booking_slots')
    .addColumn('resource_id', 'integer', (c: any) => c.notNull().references('booking_resources.id').onDelete('cascade'))
    .addColumn('slot_key', 'text', (c: any) => c.notNull())
    .addColumn('booking_id', 'integer', (c: any) => c.notNull().references('bookings.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('booking_slots_unique')
    .on('booking_slots')
    .columns(['resource_id', 'slot_key'])
    .unique()
    .execute();
  await db.schema.createIndex('booking_slots_booking').on('booking_slots').column('booking_id').execute();

  await db.schema
    .createTable('booking_feeds')
    .addColumn('user_id', 'integer', (c: any) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['booking_feeds', 'booking_slots', 'bookings', 'booking_blocks', 'booking_resources']) {
    await db.schema.dropTable(t).execute();
  }
}
