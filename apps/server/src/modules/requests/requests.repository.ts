import { idsOrNone } from '../../db/paging.js';
import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import type { ProviderRequestStatus } from '../../db/schema.js';

// Provider requests as tracked cases (ADR 014): a resident's request to a provider, which the
// back office moves from new to in_progress to done with a note the resident sees.

const requests = (db: DB) => db.selectFrom('provider_requests');

/** Requests with their provider, service, location and resident; `base` says which requests. */
const withContext = (base: ReturnType<typeof requests>) =>
  base
    .innerJoin('providers', 'providers.id', 'provider_requests.provider_id')
    .innerJoin('services', 'services.id', 'providers.service_id')
    .innerJoin('locations', 'locations.id', 'provider_requests.location_id')
    .innerJoin('users', 'users.id', 'provider_requests.user_id');

const columns = [
  'provider_requests.id',
  'provider_requests.text',
  'provider_requests.status',
  'provider_requests.note',
  'provider_requests.created_at',
  'provider_requests.updated_at',
  'provider_requests.provider_id',
  'providers.name as provider_name',
  'providers.service_id',
  'services.title as service_title',
  'provider_requests.location_id',
  'locations.title as location_title',
  'users.name as user_name',
  'users.apartment_number',
] as const;

/** One page of the requests `base` selects, newest first, with their context and the total. */
const newestFirst = (base: ReturnType<typeof requests>, window: PageWindow) =>
  pageOf(
    base,
    (q) =>
      withContext(q)
        .select(columns)
        .orderBy('provider_requests.created_at', 'desc')
        .orderBy('provider_requests.id', 'desc'),
    window,
  );

/** One page of the requests made at the given locations (the back office's scope), newest first. */
export function listRequests(
  db: DB,
  f: { locationIds: readonly number[]; status?: ProviderRequestStatus },
  window: PageWindow,
) {
  let base = requests(db).where('provider_requests.location_id', 'in', idsOrNone(f.locationIds));
  if (f.status) base = base.where('provider_requests.status', '=', f.status);
  return newestFirst(base, window);
}

/** One request with its provider, service, location and resident, whatever its location (the caller checks the scope). */
export function findRequest(db: DB, id: number) {
  return withContext(requests(db)).select(columns).where('provider_requests.id', '=', id).executeTakeFirst();
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** Sets a request's status and note, stamping updated_at. */
export async function updateRequest(
  db: DB,
  id: number,
  v: { status: ProviderRequestStatus; note?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('provider_requests')
    .set({ status: v.status, note: v.note, updated_at: v.updatedAt })
    .where('id', '=', id)
    .execute();
}

/** One page of a resident's own requests, newest first, with the total. */
export function listOwnRequests(db: DB, userId: number, window: PageWindow) {
  return newestFirst(requests(db).where('provider_requests.user_id', '=', userId), window);
}

/** A provider request's sender, status and note, with the provider's name. */
export function requestOf(db: DB, requestId: number) {
  return db
    .selectFrom('provider_requests')
    .innerJoin('providers', 'providers.id', 'provider_requests.provider_id')
    .select(['provider_requests.user_id', 'provider_requests.status', 'provider_requests.note', 'providers.name'])
    .where('provider_requests.id', '=', requestId)
    .executeTakeFirstOrThrow();
}

// ---- DSGVO ----

/** A user's provider requests, for the export. */
export function requestsOf(db: DB, userId: number) {
  return db
    .selectFrom('provider_requests')
    .innerJoin('providers', 'providers.id', 'provider_requests.provider_id')
    .select([
      'provider_requests.id',
      'providers.name as provider',
      'provider_requests.text',
      'provider_requests.created_at',
    ])
    .where('provider_requests.user_id', '=', userId)
    .orderBy('provider_requests.id')
    .execute();
}
