import { useMemo } from 'react';
import type { ListResult } from '../components/data-table';

/**
 * A list result without the rows already handled here, so a decided item leaves the list at
 * once, before the refetch that the invalidated tag starts has answered.
 */
export function useWithoutRows<T>(result: ListResult<T>, gone: ReadonlySet<string>, key: (row: T) => string) {
  const { data } = result;
  const filtered = useMemo(() => {
    if (!data || gone.size === 0) return data;
    const results = data.results.filter((row) => !gone.has(key(row)));
    return { ...data, results, count: Math.max(0, data.count - (data.results.length - results.length)) };
  }, [data, gone, key]);
  return { ...result, data: filtered };
}
