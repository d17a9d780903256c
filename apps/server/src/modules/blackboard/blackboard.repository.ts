import type { DB } from '../../db/database.js';

/** When a user last opened the blackboard, or null. */
export async function findOpened(db: DB, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('blackboard_opened')
    .select('date_blackboard_opened')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.date_blackboard_opened ?? null;
}

/** Stores when a user opened the blackboard. */
export async function saveOpened(db: DB, userId: number, date: string): Promise<void> {
  await db
    .insertInto('blackboard_opened')
    .values({ user_id: userId, date_blackboard_opened: date })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ date_blackboard_opened: date }))
    .execute();
}
