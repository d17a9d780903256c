import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';
import { accountStatus as accountStatusSql, chunks } from '../residents/residents.repository.js';

// The resident sync's SQL: residents by external id in a key's locations, read in
// batches so a sync of 5,000 records costs a handful of statements, not thousands.

const RESIDENT_ROLES = ['resident', 'receptionist'] as const;

const columns = [
  'users.id',
  'users.external_id',
  'users.location_id',
  'users.apartment_number',
  'users.name',
  'users.email',
  'users.role',
  'users.emergency_services_deactivated',
  'users.is_active',
  'users.move_in_on',
  'users.move_out_on',
  'users.invited_at',
  'users.last_login_at',
  'users.created_at',
  'users.erased_at',
] as const;

/** Accounts (any role, any location) that carry these external ids; the caller checks the scope. */
export async function findByExternalIds(db: DB, externalIds: string[]) {
  const rows = [];
  for (const part of chunks([...new Set(externalIds)]))
    rows.push(...(await db.selectFrom('users').select(columns).where('users.external_id', 'in', part).execute()));
  return rows;
}
export type SyncedRow = Awaited<ReturnType<typeof findByExternalIds>>[number];

/** The accounts behind these logins (lower-cased apartment numbers), any location. */
export async function ownersOfLogins(db: DB, logins: string[]) {
  const rows = [];
  for (const part of chunks([...new Set(logins)]))
    rows.push(...(await db.selectFrom('users').select(['id', 'login']).where('login', 'in', part).execute()));
  return rows;
}

/** One resident of these locations by external id, as the API shows them. */
export function findSynced(db: DB, locationIds: number[], externalId: string) {
  return db
    .selectFrom('users')
    .select([...columns, accountStatusSql(nowIso()).as('account_status')])
    .where('users.external_id', '=', externalId)
    .where('users.role', 'in', RESIDENT_ROLES)
    .where('users.erased_at', 'is', null)
    .where('users.location_id', 'in', locationIds.length ? locationIds : [-1])
    .executeTakeFirst();
}
export type SyncedResident = NonNullable<Awaited<ReturnType<typeof findSynced>>>;

/** One page of the residents of these locations (all, or those with the external id), by apartment. */
export function listSynced(
  db: DB,
  locationIds: number[],
  f: { locationId?: number; externalId?: string },
  window: PageWindow,
) {
  let base = db
    .selectFrom('users')
    .where('users.role', 'in', RESIDENT_ROLES)
    .where('users.erased_at', 'is', null)
    .where('users.location_id', 'in', locationIds.length ? locationIds : [-1]);
  if (f.locationId !== undefined) base = base.where('users.location_id', '=', f.locationId);
  if (f.externalId !== undefined) base = base.where('users.external_id', '=', f.externalId);
  const now = nowIso();
  return pageOf(
    base,
    (q) =>
      q
        .select([...columns, accountStatusSql(now).as('account_status')])
        .orderBy('users.apartment_number')
        .orderBy('users.id'),
    window,
  );
}

/** The active residents of these locations that carry an external id (deactivate_missing's candidates). */
export function activeSyncedIn(db: DB, locationIds: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'external_id', 'location_id'])
    .where('external_id', 'is not', null)
    .where('role', 'in', RESIDENT_ROLES)
    .where('erased_at', 'is', null)
    .where('is_active', '=', 1)
    .where('location_id', 'in', locationIds.length ? locationIds : [-1])
    .execute();
}
