import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The outbox keeps mail until SMTP accepts it (ADR 009): a Message-ID fixed at enqueue time, so a
 * mail sent twice is recognisable; a lease separate from the retry time, so a second sender never
 * takes a mail that is being sent; the start of a run of failures, for the 48-hour give-up; and a
 * flag for mail whose body holds a secret link, which is redacted once sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('message_id', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('locked_until', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('first_error_at', 'text').execute();
  await db.schema
    .alterTable('email_outbox')
    .addColumn('contains_secret', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['contains_secret', 'first_error_at', 'locked_until', 'message_id']) {
    await db.schema.alterTable('email_outbox').dropColumn(column).execute();
  }
}
