import type { Kysely } from 'kysely';
import { DEFAULT_TICKET_CATEGORIES, fieldTranslations, SYSTEM_SERVICE_TRANSLATIONS } from '@hausportal/contract';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Translations of what the management names and residents act on: ticket categories, services
 * (the emergency button shows the default service's title), phone list labels and bookable rooms.
 * A JSON object per row, `{ "tr": { "name": "Isıtma" }, … }`: German stays in the row's own
 * columns and is the fallback for any language or field without a translation.
 *
 * Existing rows that still carry a shipped German name (the default categories, the system
 * services 1 and 3 under their first titles) get the shipped translations. Reading today's
 * constants is safe here: the backfill only touches rows whose German text equals them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['ticket_categories', 'services', 'phones', 'booking_resources'])
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'text', (c: any) => c.notNull().defaultTo('{}'))
      .execute();
  await translateShipped(db);
}

/** The shipped translations for rows that still carry a shipped German name (also re-run by tests). */
export async function translateShipped(db: Kysely<any>): Promise<void> {
  for (const c of DEFAULT_TICKET_CATEGORIES)
    await db
      .updateTable('ticket_categories')
      .set({ translations: JSON.stringify(fieldTranslations('name', c.translations)) })
      .where('name', '=', c.name)
      .execute();
  for (const [id, title] of [
    [1, 'Verwaltung'],
    [3, 'Rezeption'],
  ] as const)
    await db
      .updateTable('services')
      .set({ translations: JSON.stringify(fieldTranslations('title', SYSTEM_SERVICE_TRANSLATIONS[id])) })
      .where('id', '=', id)
      .where('title', '=', title)
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ticket_categories', 'services', 'phones', 'booking_resources'])
    await db.schema.alterTable(table).dropColumn('translations').execute();
}
