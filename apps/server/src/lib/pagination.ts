import { PAGE_SIZE, type Paginated } from '@hausportal/contract';

/** Builds the DRF-style page envelope with absolute-path next/previous links. */
export function paginate<T>(basePath: string, page: number, count: number, results: T[]): Paginated<T> {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return {
    count,
    next: page < pages ? `${basePath}?page=${page + 1}` : null,
    previous: page > 1 ? `${basePath}?page=${page - 1}` : null,
    results,
  };
}

/** A one-page envelope for the small lists (documents, phones, services). */
export function singlePage<T>(results: T[]): Paginated<T> {
  return { count: results.length, next: null, previous: null, results };
}
