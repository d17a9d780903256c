import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The lifetimes as they were when this migration was written (ADR 024); the code's
// constants may change later, tokens issued before keep the end written here.
const STAFF_MS = 10 * 60 * 60 * 1000;
const RESIDENT_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Token lifetimes and signed-in devices (ADR 024):
 * - `auth_tokens.expires_at`: the absolute end of a session, set at sign-in (staff a working day,
 *   residents 90 days) and never extended. Existing tokens end that long after they were created.
 * - `auth_tokens.device`: a label made from the User-Agent at sign-in ('Chrome auf Android'); the
 *   header itself and the address are not kept.
 * `last_used_at` already exists; it is written at most once an hour (auth/policies.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('device', 'text').execute();
  const rows: { id: number; created_at: string; role: string }[] = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.id', 'auth_tokens.created_at', 'users.role'])
    .execute();
  for (const row of rows) {
    const lifetime = row.role === 'manager' || row.role === 'admin' ? STAFF_MS : RESIDENT_MS;
    const start = Date.parse(row.created_at);
    const end = new Date((Number.isNaN(start) ? Date.now() : start) + lifetime).toISOString();
    await db.updateTable('auth_tokens').set({ expires_at: end }).where('id', '=', row.id).execute();
  }
  // Sign-in removes a user's ended sessions; the list of devices reads them by user.
  await db.schema
    .createIndex('auth_tokens_user_expires')
    .on('auth_tokens')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_tokens_user_expires').ifExists().execute();
  await db.schema.alterTable('auth_tokens').dropColumn('device').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('expires_at').execute();
}
