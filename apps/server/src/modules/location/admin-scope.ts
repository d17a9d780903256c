import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@hausportal/contract';
import { paginate } from '../../lib/pagination.js';
import { managerLocations, requireLocation } from '../auth/policies.js';

// Helpers shared by the back office's content lists (locations, documents, phones, services,
// providers, provider requests).

/**
 * The locations a back-office list covers: the one asked for with ?location_id= (404 when it is
 * not the caller's), otherwise every location of the caller.
 */
export async function listScope(request: FastifyRequest, locationId: number | undefined): Promise<number[]> {
  if (locationId === undefined) return managerLocations(request);
  await requireLocation(request, locationId);
  return [locationId];
}

/** An id list for `where … in`: an empty `in ()` is not valid SQL, and no row has the id -1. */
export const idsOrNone = (ids: readonly number[]): number[] => (ids.length ? [...ids] : [-1]);

/** paginate() for a filtered list: the next and previous links keep the filters. */
export function paginateFiltered<T>(
  basePath: string,
  query: { page: number; page_size?: number },
  filters: Record<string, string | number | undefined>,
  count: number,
  results: T[],
): Paginated<T> {
  const page = paginate(basePath, query, count, results);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  if (!qs) return page;
  const keep = (link: string | null) => link && link.replace(`${basePath}?`, `${basePath}?${qs}&`);
  return { ...page, next: keep(page.next), previous: keep(page.previous) };
}
