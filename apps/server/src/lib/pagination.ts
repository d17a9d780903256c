import { PAGE_SIZE, type Paginated } from '@hausportal/contract';

/**
 * Builds the DRF-style page envelope with absolute-path next/previous links; a page size other
 * than the default is carried along in the links, so following `next` keeps it.
 */
export function paginate<T>(
  basePath: string,
  query: { page: number; page_size?: number },
  count: number,
  results: T[],
): Paginated<T> {
  const { page, page_size: pageSize = PAGE_SIZE } = query;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const link = (p: number) => `${basePath}?page=${p}${pageSize === PAGE_SIZE ? '' : `&page_size=${pageSize}`}`;
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
