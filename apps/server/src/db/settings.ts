import type { DB } from './database.js';

/**
 * The value of an app_settings row, created with `create()` on first use. The insert ignores a
 * conflict, and the row is read back, so parallel first starts of several processes agree.
 */
export async function settingOrCreate(db: DB, key: string, create: () => string): Promise<string> {
  const read = () => db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('app_settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await read())!.value;
}
