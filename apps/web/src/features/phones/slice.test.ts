import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { loadedAt } from '@/lib/loaded-at';
import { mockFetch } from '@/test/fetch-mock';
import { fetchPhones } from './slice';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the phones list and when it was loaded', () => {
  it('is noted when a list arrives, and not when the load fails', async () => {
    const url = 'GET /api/phones/?page_size=100';
    mockFetch({ [url]: { status: 500, body: {} } });
    const store = makeStore({ persist: false });
    await store.dispatch(fetchPhones());
    expect(loadedAt('phones')).toBeNull();
    mockFetch({ [url]: { body: { count: 0, next: null, previous: null, results: [] } } });
    await store.dispatch(fetchPhones());
    expect(Date.now() - Date.parse(loadedAt('phones')!)).toBeLessThan(5_000);
  });
});
