import type { DB } from '../../db/database.js';

// A resource's photo and house-rules PDF: SQL only.

export interface PhotoColumns {
  photo_key: string | null;
  photo_thumbnail_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
}

export interface HouseRulesColumns {
  house_rules_key: string | null;
  house_rules_name: string | null;
  house_rules_size: number | null;
}

/**
 * Replaces the photo columns if the photo is still `expected` (a compare-and-set): two managers
 * replacing the photo at once must not both remove the same old file and orphan one of the new.
 * True when the row changed.
 */
export async function swapPhoto(trx: DB, id: number, expected: string | null, next: PhotoColumns): Promise<boolean> {
  const r = await trx
    .updateTable('booking_resources')
    .set(next)
    .where('id', '=', id)
    .where('photo_key', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The same compare-and-set for the house-rules PDF. */
export async function swapHouseRules(
  trx: DB,
  id: number,
  expected: string | null,
  next: HouseRulesColumns,
): Promise<boolean> {
  const r = await trx
    .updateTable('booking_resources')
    .set(next)
    .where('id', '=', id)
    .where('house_rules_key', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
