import { PAGE_SIZE, type Paginated } from '@hausportal/contract';

type Query = { page: number; page_size?: number } & Record<string, unknown>;

/**
 * Builds the DRF-style page envelope with absolute-path next/previous links. The links keep every
 * other query parameter (filters such as ?status= or ?location_id=, and a page size other than
 * the default), so following `next` stays within the same list.
 */
export function paginate<T>(basePath: string, query: Query, count: number, results: T[]): Paginated<T> {
  const { page, page_size: pageSize = PAGE_SIZE, ...filters } = query;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const kept = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (typeof v === 'string' ? v !== '' : typeof v === 'number' || typeof v === 'boolean') kept.set(k, String(v));
  }
  if (pageSize !== PAGE_SIZE) kept.set('page_size', String(pageSize));
  const rest = kept.toString();
  const link = (p: number) => `${basePath}?page=${p}${rest ? `&${rest}` : ''}`;
  return {
    count,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

/** A one-page envelope for lists that are not paged (yet): the back office's moderation queues. */
export function singlePage<T>(results: T[]): Paginated<T> {
  return { count: results.length, next: null, previous: null, results };
}

/**
 * One page of a list that is short by nature and read whole (the three legal pages, a key's
 * webhook endpoints), so it answers `page` and `page_size` like every other list.
 */
export function pageOfAll<T>(basePath: string, query: Query, all: T[]): Paginated<T> {
  const size = query.page_size ?? PAGE_SIZE;
  return paginate(basePath, query, all.length, all.slice((query.page - 1) * size, query.page * size));
}
