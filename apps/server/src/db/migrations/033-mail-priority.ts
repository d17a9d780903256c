import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Mail a person is waiting for goes first (issue 33 §7): 0 for a password-reset link, 1 for
 * everyday mail, 2 for bulk (invitations after an import, digests). Within a priority the order
 * stays oldest first. Mail already queued gets the priority of its kind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('email_outbox')
    .addColumn('priority', 'integer', (c: any) => c.notNull().defaultTo(1))
    .execute();
  await db.updateTable('email_outbox').set({ priority: 0 }).where('kind', '=', 'reset').execute();
  await db.updateTable('email_outbox').set({ priority: 2 }).where('kind', 'in', ['invitation', 'digest']).execute();
  await db.schema
    .createIndex('email_outbox_due')
    .on('email_outbox')
    .columns(['status', 'priority', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_due').ifExists().execute();
  await db.schema.alterTable('email_outbox').dropColumn('priority').execute();
}
