import type { DB } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';

/** A user's subscription with exactly this registration, if registered before. */
export function findSubscription(db: DB, userId: number, registrationId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();
}

/** Stores a subscription; returns its id. */
export async function addSubscription(db: DB, userId: number, registrationId: string): Promise<number> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, type: 'web', registration_id: registrationId, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one of the user's subscriptions; false when the user has none with that id. */
export async function deleteSubscription(db: DB, userId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

// ---- DSGVO ----

/** A user's push subscriptions, for the export. */
export function subscriptionsOf(db: DB, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'type', 'registration_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** A user's subscriptions go, with the pushes still waiting for them. */
export async function deleteSubscriptionsOf(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom('push_outbox').where('user_id', '=', userId).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}
