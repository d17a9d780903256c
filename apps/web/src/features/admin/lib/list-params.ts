import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

type ParamsUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * The query string of the current URL and a setter, like react-router's `useSearchParams`, built
 * only on hooks the resident entry already has: a react-router export only the back office used
 * (useSearchParams, NavLink) would be bundled into the resident's /login JS, because the router
 * is one module and lives in the entry chunk.
 */
export function useQueryParams(): [URLSearchParams, (update: ParamsUpdate) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (update: ParamsUpdate) => {
      const query = update(new URLSearchParams(search)).toString();
      navigate({ pathname, search: query ? `?${query}` : '' });
    },
    [navigate, pathname, search],
  );
  return [params, setParams];
}

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
  const [params, setParams] = useQueryParams();
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
  const [params, setParams] = useQueryParams();
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
  const [params, setParams] = useQueryParams();
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
