import type { DB } from '../../db/database.js';

/** One user's profile row. */
export function findProfile(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'profile_picture',
      'apartment_number',
      'emergency_services_deactivated',
      'role',
      'language',
      'location_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export type ProfileRow = Awaited<ReturnType<typeof findProfile>>;

/** Updates the editable profile fields. */
export async function updateProfile(db: DB, userId: number, patch: { language?: string; profile_picture?: string }) {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', userId).execute();
}
