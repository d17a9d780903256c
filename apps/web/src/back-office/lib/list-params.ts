import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from './use-debounced';

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/**
 * The location filter of the shell, kept in the URL (`?location_id=`), so that a link or a
 * reload keeps it. Undefined means "all my locations". Changing it goes back to page 1.
 */
export function useLocationFilter(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const locationId = positiveInt(params.get('location_id'));
  const setLocationId = useCallback(
    (id: number | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('location_id', String(id));
        else next.delete('location_id');
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  return [locationId, setLocationId];
}

/** The page of a list, kept in the URL (`?page=`, 1-based). */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get(name)) ?? 1;
  const setPage = useCallback(
    (value: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value > 1) next.set(name, String(value));
        else next.delete(name);
        return next;
      }),
    [name, setParams],
  );
  return [page, setPage];
}

/**
 * A filter kept in the URL (e.g. `?status=new`), limited to `allowed`; setting it goes back to
 * page 1. Undefined means no filter.
 */
export function useFilterParam<T extends string>(
  name: string,
  allowed: readonly T[],
): [T | undefined, (value: T | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = allowed.find((v) => v === raw);
  const setValue = useCallback(
    (next: T | undefined) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(name, next);
        else updated.delete(name);
        updated.delete('page');
        return updated;
      }),
    [name, setParams],
  );
  return [value, setValue];
}

/**
 * An id filter kept in the URL (e.g. `?category=4`), or one of the `words` it also takes (e.g.
 * `none`); setting it goes back to page 1. Undefined means no filter.
 */
export function useIdParam<W extends string = never>(
  name: string,
  words: readonly W[] = [],
): [number | W | undefined, (value: number | W | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = words.find((w) => w === raw) ?? positiveInt(raw);
  const setValue = useCallback(
    (next: number | W | undefined) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next !== undefined) updated.set(name, String(next));
        else updated.delete(name);
        updated.delete('page');
        return updated;
      }),
    [name, setParams],
  );
  return [value, setValue];
}

/**
 * A free-text filter kept in the URL (e.g. `?search=`): the text of its box, and the parameter,
 * set 300 ms after typing stops and back on page 1, so that typing does not fire a request per key.
 */
export function useDebouncedParam(name: string): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get(name) ?? '';
  const [text, setText] = useState(current);
  const settled = useDebounced(text.trim(), 300);
  // A change of the URL that is not this box's own (back, forward, a reset of the filters) shows
  // in the box; its own writes are what the debounce settled on.
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (current !== settled) setText(current);
  }
  useEffect(() => {
    // Written once the debounce has caught up with the box, so an older text never comes back.
    if (settled === current || settled !== text.trim()) return;
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (settled) next.set(name, settled);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  }, [settled, text, current, name, setParams]);
  return [text, setText];
}

/** The list arguments every screen passes to its query: page and location from the URL. */
export function useListArgs(): { page: number; location_id?: number } {
  const [locationId] = useLocationFilter();
  const [page] = usePageParam();
  return locationId ? { page, location_id: locationId } : { page };
}

/** A path inside the back office with the current location filter kept. */
export function withLocation(path: string, locationId: number | undefined): string {
  return locationId ? `${path}?location_id=${locationId}` : path;
}
