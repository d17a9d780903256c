import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The craftsman loop a manager can trust:
 * - a postal address and an access note per location, and buildings or staircases with their own
 *   (`location_buildings`), so the craftsman's page, the assignment mail and the activation letter
 *   say where to go; a ticket may name its building;
 * - 'Als erledigt gemeldet' (`reported_done`), which the manager accepts or sends back; a location
 *   may accept automatically after `auto_accept_days`; `ticket_assignments.done_at` starts the 30
 *   days the link stays readable for the invoice;
 * - trades per provider (`provider_categories`): the picker offers the category's providers first.
 * The open statuses grow by 'reported_done', so the partial index of 'ohne Reaktion' (008) follows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  for (const column of ['street', 'postal_code', 'city', 'access_note'])
    await db.schema
      .alterTable('locations')
      .addColumn(column, 'text', (c: any) => c.notNull().defaultTo(''))
      .execute();
  await db.schema.alterTable('locations').addColumn('auto_accept_days', 'integer').execute();

  await id(db.schema.createTable('location_buildings'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('street', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('access_note', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('location_buildings_location').on('location_buildings').column('location_id').execute();

  await db.schema
    .alterTable('tickets')
    .addColumn('building_id', 'integer', (c: any) => c.references('location_buildings.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('tickets').addColumn('reported_done_at', 'text').execute();
  await db.schema.alterTable('ticket_assignments').addColumn('done_at', 'text').execute();

  await db.schema
    .createTable('provider_categories')
    .addColumn('provider_id', 'integer', (c: any) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c: any) => c.notNull().references('ticket_categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('provider_categories_pk', ['provider_id', 'category_id'])
    .execute();
  await db.schema.createIndex('provider_categories_category').on('provider_categories').column('category_id').execute();

  await sql`drop index tickets_waiting`.execute(db);
  await sql`create index tickets_waiting on tickets (location_id, (coalesce(last_staff_activity_at, created_at))) where status in ('received', 'in_progress', 'craftsman_assigned', 'appointment_set', 'reported_done')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tickets_waiting`.execute(db);
  await sql`create index tickets_waiting on tickets (location_id, (coalesce(last_staff_activity_at, created_at))) where status in ('received', 'in_progress', 'craftsman_assigned', 'appointment_set')`.execute(
    db,
  );
  await db.schema.dropTable('provider_categories').execute();
  await db.schema.alterTable('ticket_assignments').dropColumn('done_at').execute();
  await db.schema.alterTable('tickets').dropColumn('reported_done_at').execute();
  await db.schema.alterTable('tickets').dropColumn('building_id').execute();
  await db.schema.dropTable('location_buildings').execute();
  for (const column of ['auto_accept_days', 'access_note', 'city', 'postal_code', 'street'])
    await db.schema.alterTable('locations').dropColumn(column).execute();
}
