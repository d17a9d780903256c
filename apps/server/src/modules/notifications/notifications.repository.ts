import type { NotificationKind } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { idsOrNone } from '../../db/paging.js';

/** Who reads the blackboard of a location. */
const READERS = ['resident', 'receptionist'] as const;

/** The residents and receptionists of these locations, but `except` (the author of what they read about). */
export async function readersOf(db: DB, locationIds: number[], except?: number): Promise<number[]> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('location_id', 'in', idsOrNone(locationIds))
    .where('role', 'in', READERS);
  if (except !== undefined) q = q.where('id', '!=', except);
  return (await q.execute()).map((r) => r.id);
}

/** The managers of a location and every admin: who hears of its moderation queue. */
export async function staffOf(db: DB, locationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        eb('id', 'in', eb.selectFrom('manager_locations').select('user_id').where('location_id', '=', locationId)),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** A location's title, or '' when it is gone. */
export async function locationTitle(db: DB, locationId: number): Promise<string> {
  const row = await db.selectFrom('locations').select('title').where('id', '=', locationId).executeTakeFirst();
  return row?.title ?? '';
}

/** The active, not erased users among `ids`, with what a notification needs of them. */
export function recipientsOf(db: DB, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'location_id', 'notification_settings', 'role', 'language'])
    .where('id', 'in', idsOrNone(ids))
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .execute();
}

/** One event that waits in a user's daily digest until `due_at`. */
export interface DigestItem {
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  due_at: string;
  created_at: string;
}

/** Puts an event into a user's next digest. */
export async function addDigestItem(db: DB, item: DigestItem): Promise<void> {
  await db.insertInto('digest_items').values(item).execute();
}

/** The users with digest items due at `now`. */
export async function usersWithDueDigest(db: DB, now: string): Promise<number[]> {
  const rows = await db.selectFrom('digest_items').select('user_id').distinct().where('due_at', '<=', now).execute();
  return rows.map((r) => r.user_id);
}

/** Takes (deletes and returns) a user's items due at `now`, oldest first; in the mail's transaction. */
export async function takeDueDigestItems(trx: DB, userId: number, now: string) {
  const items = await trx
    .deleteFrom('digest_items')
    .where('user_id', '=', userId)
    .where('due_at', '<=', now)
    .returning(['title', 'body', 'url', 'created_at'])
    .execute();
  return items.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A user who may still receive mail (active, not erased), or undefined. */
export function activeRecipient(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['name', 'email', 'location_id', 'role', 'language'])
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** A user's stored notification settings as JSON (null for the defaults). */
export async function storedSettings(db: DB, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('notification_settings').where('id', '=', userId).executeTakeFirst();
  return row?.notification_settings;
}

/** Stores a user's notification settings. */
export async function storeSettings(db: DB, userId: number, json: string): Promise<void> {
  await db.updateTable('users').set({ notification_settings: json }).where('id', '=', userId).execute();
}

// ---- DSGVO ----

/** A user's items still waiting for their digest go. */
export async function deleteDigestItemsOf(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom('digest_items').where('user_id', '=', userId).execute();
}
