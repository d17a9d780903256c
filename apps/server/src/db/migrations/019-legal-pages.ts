import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The pages German law asks for: 'impressum', 'datenschutz', 'barrierefreiheit', one
 * row each, install-wide (the operator of the install owes them, not a location). No row means
 * the shipped template (docs/legal/*-vorlage.md). `html` is the Markdown rendered and sanitised
 * when it was saved, so a read is one row. `template` is 1 for text nobody has saved yet (the demo
 * seed's), so the app keeps its 'Vorlage' banner until an administrator saves the page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('legal_pages')
    .addColumn('page', 'text', (c: any) => c.primaryKey())
    .addColumn('markdown', 'text', (c: any) => c.notNull())
    .addColumn('html', 'text', (c: any) => c.notNull())
    .addColumn('template', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('legal_pages').ifExists().execute();
}
