import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';

/** A key's row as the guard reads it on every request, with its locations. */
export interface KeyRecord {
  id: number;
  name: string;
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  location_ids: number[];
}

/**
 * The key with this hash, and its locations, in one round trip; read on every request (no cache),
 * so a revocation holds on the next request on every process.
 */
export async function findKeyByHash(db: DB, hash: string): Promise<KeyRecord | undefined> {
  const rows = await db
    .selectFrom('api_keys')
    .leftJoin('api_key_locations', 'api_key_locations.api_key_id', 'api_keys.id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'api_key_locations.location_id',
    ])
    .where('api_keys.key_hash', '=', hash)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { location_id: _ignored, ...key } = first;
  return {
    ...key,
    location_ids: rows.flatMap((r) => (r.location_id === null ? [] : [r.location_id])).sort((a, b) => a - b),
  };
}

/** Notes the key's use; only when the stored time is older than `staleBefore`, so two processes write once. */
export async function touchKey(db: DB, id: number, now: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** A new key's fields; only the hash of the key itself. */
export interface KeyInput {
  name: string;
  prefix: string;
  keyHash: string;
  scopes: readonly string[];
  locationIds: readonly number[];
  createdBy: number | null;
  createdAt: string;
  expiresAt: string | null;
}

/** Stores a key and its locations (inside the caller's transaction); returns its id. */
export async function insertKey(db: DB, v: KeyInput): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({
      name: v.name,
      prefix: v.prefix,
      key_hash: v.keyHash,
      scopes: JSON.stringify(v.scopes),
      created_by: v.createdBy,
      created_at: v.createdAt,
      expires_at: v.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('api_key_locations')
    .values([...new Set(v.locationIds)].map((location_id) => ({ api_key_id: row.id, location_id })))
    .execute();
  return row.id;
}

const keyColumns = (db: DB) =>
  db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.scopes',
      'api_keys.created_at',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.name as created_by_name',
    ]);

export type KeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>> & { location_ids: number[] };

/** One key for the back office (without its locations; see withLocations). */
export function findKey(db: DB, id: number) {
  return keyColumns(db).where('api_keys.id', '=', id).executeTakeFirst();
}

/** The keys' locations, added to each row. */
export async function withLocations<R extends { id: number }>(
  db: DB,
  rows: R[],
): Promise<(R & { location_ids: number[] })[]> {
  if (!rows.length) return [];
  const links = await db
    .selectFrom('api_key_locations')
    .select(['api_key_id', 'location_id'])
    .where(
      'api_key_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('location_id')
    .execute();
  return rows.map((r) => ({
    ...r,
    location_ids: links.filter((l) => l.api_key_id === r.id).map((l) => l.location_id),
  }));
}

/** One page of all keys, newest first, with the total. */
export async function listKeys(db: DB, window: PageWindow) {
  const page = await pageOf(db.selectFrom('api_keys'), () => keyColumns(db).orderBy('api_keys.id', 'desc'), window);
  return { count: page.count, rows: await withLocations(db, page.rows) };
}

/** Marks a key revoked (once; a second revocation keeps the first time). */
export async function revokeKey(db: DB, id: number, by: number, at: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The ids of these locations that exist. */
export async function existingLocationIds(db: DB, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('locations')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

/** A key's name, for the audit log of writes made with it. */
export async function keyNames(db: DB, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
