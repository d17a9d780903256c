import type { SelectQueryBuilder } from 'kysely';

/** The rows of one page: how many to take and how many to skip. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The window of `page` at `page_size` entries a page. */
export const pageWindow = (q: { page: number; page_size: number }): PageWindow => ({
  limit: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

/**
 * One page of a list and the total, from one scoped query: `base` says which rows (its where
 * clauses), `select` what and in which order. Both statements run at once.
 */
export async function pageOf<DB, TB extends keyof DB, O, Joined extends keyof DB = TB>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, Joined, O>,
  window: PageWindow,
): Promise<{ count: number; rows: O[] }> {
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    select(base).limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number((total as { n: number | string }).n), rows };
}

/** An id list for `where … in`: an empty `in ()` is not valid SQL, and no row has the id -1. */
export const idsOrNone = (ids: readonly number[]): number[] => (ids.length ? [...ids] : [-1]);

/**
 * The rows of a count grouped by location (`location_id`, `n`) as a map over `locations`, with 0
 * for a location that has no row: the back office's start page asks every module this way.
 */
export function countsByLocation(
  locations: readonly number[],
  rows: readonly { location_id: number | null; n: number | string }[],
): Map<number, number> {
  const counts = new Map(locations.map((id) => [id, 0]));
  for (const r of rows) if (r.location_id !== null && counts.has(r.location_id)) counts.set(r.location_id, Number(r.n));
  return counts;
}
