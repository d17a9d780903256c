import type { Paginated } from '@hausportal/contract';
import type { AdminError } from './base-query';

/** The API's largest page (`page_size` 1 to 100). */
export const ALL_PAGE_SIZE = 100;

type Answer = { data?: unknown; error?: AdminError };
/** The base query an RTK Query `queryFn` gets (its third argument). */
export type PageFetch = (url: string) => Answer | PromiseLike<Answer>;

/** Pages at most followed: 5,000 rows at 100 a page. */
const MAX_PAGES = 50;

/**
 * A whole list for a screen that needs every row (a picker, a filter, a short settings list),
 * ADR 010: `first` asks for the largest page, then `next` is followed to the end. If a later page
 * fails, the whole list fails, rather than a part being shown as if it were complete. The answer
 * is the whole list as one page, so screens read `results` as they did.
 */
export async function allPages<T>(
  fetchPage: PageFetch,
  first: string,
): Promise<{ data: Paginated<T> } | { error: AdminError }> {
  const rows: T[] = [];
  let url: string | null = first;
  for (let pages = 0; url && pages < MAX_PAGES; pages += 1) {
    const answer = await fetchPage(url);
    if (answer.error) return { error: answer.error };
    const page = answer.data as Paginated<T>;
    rows.push(...page.results);
    url = page.next;
  }
  return { data: { count: rows.length, next: null, previous: null, results: rows } };
}
