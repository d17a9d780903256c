import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Parcels at the reception (ADR 030):
 * - `parcels`: one logged delivery for an apartment (location + apartment number, as the parcel
 *   belongs to the apartment, not to one of its residents), who logged it and when, who handed it
 *   over and when, with a note; `(logged_by, idempotency_key)` is unique, so a tablet that retries
 *   on bad Wi-Fi logs one parcel. `reminded_at` is set once by the 3-day reminder (compare-and-set).
 * - `label_key`, `label_thumbnail_key`: the optional photo of the label, in the file store. It shows
 *   names and addresses (personal data): only the reception and managers of the location see it, the
 *   data export carries it, and erasing a resident of the apartment deletes it. Parcels are never
 *   deleted; whatever purges them one day must remove these files with them.
 * - `parcel_codes`: the 4-digit pickup code of an apartment's open parcels, one per apartment; it is
 *   removed when the last open parcel is handed over, and the next parcel draws a new one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('parcels'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('apartment_number', 'text', (c: any) => c.notNull())
    .addColumn('carrier', 'text', (c: any) => c.notNull())
    .addColumn('pieces', 'integer', (c: any) => c.notNull())
    .addColumn('storage_place', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c: any) => c.notNull())
    .addColumn('logged_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('logged_at', 'text', (c: any) => c.notNull())
    .addColumn('handed_over_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('handed_over_at', 'text')
    .addColumn('handover_note', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('label_key', 'text')
    .addColumn('label_thumbnail_key', 'text')
    .addColumn('reminded_at', 'text')
    .addColumn('idempotency_key', 'text', (c: any) => c.notNull())
    .addColumn('request_sha256', 'text', (c: any) => c.notNull())
    .addUniqueConstraint('parcels_idempotency', ['logged_by', 'idempotency_key'])
    .execute();
  // The desk's open list (oldest first) reads only the open parcels of its location; an apartment's
  // parcels (the handover, the resident's list) are found by the apartment.
  await db.schema
    .createIndex('parcels_open')
    .on('parcels')
    .columns(['location_id', 'status', 'logged_at', 'id'])
    .execute();
  await db.schema
    .createIndex('parcels_apartment')
    .on('parcels')
    .columns(['location_id', 'apartment_number', 'status'])
    .execute();
  await db.schema.createIndex('parcels_logged').on('parcels').columns(['location_id', 'logged_at']).execute();

  await db.schema
    .createTable('parcel_codes')
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('apartment_number', 'text', (c: any) => c.notNull())
    .addColumn('code', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('parcel_codes_pk', ['location_id', 'apartment_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('parcel_codes').execute();
  await db.schema.dropTable('parcels').execute();
}
