import webpush from 'web-push';
import type { DB } from '../../db/database.js';
import { settingOrCreate } from '../../db/settings.js';
import { nowIso } from '../../lib/time.js';

/** The VAPID key pair, generated once and kept in the database so every process shares it. */
export async function vapidKeys(db: DB): Promise<{ publicKey: string; privateKey: string }> {
  const value = await settingOrCreate(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(value) as { publicKey: string; privateKey: string };
}

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
