import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The home screen:
 * - `locations.default_service_always`: the emergency button's default service answers round
 *   the clock, so the button can say 'Rund um die Uhr – öffnet die Kontaktseite'.
 * - `document_reads`: which resident opened which document, so 'Meine Wohnung' and the home
 *   card mark the others 'Neu'. Documents that existed before this migration count as read for
 *   the residents of their time, so nobody's first look shows every old document as new.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('locations')
    .addColumn('default_service_always', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('document_reads')
    .addColumn('document_id', 'integer', (c: any) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('opened_at', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('document_reads_pk', ['user_id', 'document_id'])
    .execute();
  await db.schema.createIndex('document_reads_document').on('document_reads').column('document_id').execute();

  // Existing documents: read by everyone who could already see them.
  await db
    .insertInto('document_reads')
    .columns(['document_id', 'user_id', 'opened_at'])
    .expression((eb: any) =>
      eb
        .selectFrom('documents')
        .innerJoin('users', (j: any) =>
          j
            .onRef('users.location_id', '=', 'documents.location_id')
            .on((w: any) =>
              w.or([
                w('documents.apartment_number', 'is', null),
                w('documents.apartment_number', '=', w.ref('users.apartment_number')),
              ]),
            ),
        )
        .where('users.role', 'in', ['resident', 'receptionist'])
        .select(['documents.id', 'users.id as user_id', 'documents.created_at']),
    )
    .execute();
}
