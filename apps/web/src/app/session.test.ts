import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { restoreSpecDelays } from '@/test/setup';
import { fetchLocation } from '@/entities/location/slice';
import { fetchProfile } from '@/entities/user/slice';
import { refreshRestoredSession, signIn } from './session';
import { makeStore } from './store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const list = { count: 0, next: null, previous: null, results: [] };

describe('login sequence', () => {
  it('logs in, then loads profile, documents, phones, services, location and messages page 1 in parallel', async () => {
    const store = makeStore({ persist: false });
    const calls = mockFetch({
      'POST /api/login/': { body: { token: 'tok-1234567890' } },
      'GET /api/profile/': { body: { id: 1, name: 'Anna' } },
      'GET /api/documents/?page_size=100': { body: list },
      'GET /api/phones/?page_size=100': { body: list },
      'GET /api/services/?page_size=100': { body: list },
      'GET /api/location/': { body: { id: 1, title: 'Residenz' } },
      'GET /api/messages/?page=1': { body: list },
    });
    await signIn(store.dispatch, { apartment_number: 'A-0101', password: 'Demo1234!' });
    await vi.waitFor(() => expect(calls).toHaveLength(7));
    expect(
      calls
        .slice(1)
        .map((c) => c.url)
        .sort(),
    ).toEqual(
      [
        '/api/documents/?page_size=100',
        '/api/location/',
        '/api/messages/?page=1',
        '/api/phones/?page_size=100',
        '/api/profile/',
        '/api/services/?page_size=100',
      ].sort(),
    );
    expect(calls.slice(1).every((c) => c.headers.Authorization === 'Token tok-1234567890')).toBe(true);
  });

  it('registers a locally stored push subscription and ignores its failure', async () => {
    const store = makeStore({ persist: false });
    localStorage.setItem('pushToken', '{"endpoint":"https://push.example.org/x"}');
    const calls = mockFetch({
      'POST /api/login/': { body: { token: 'tok-1234567890' } },
      'POST /api/fcm/token/': { status: 400, body: { registration_id: ['Ungültig'] } },
    });
    await expect(signIn(store.dispatch, { apartment_number: 'A-0101', password: 'x' })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/fcm/token/')).toBe(true));
    const push = calls.find((c) => c.url === '/api/fcm/token/')!;
    expect(push.body).toEqual({ type: 'web', registration_id: '{"endpoint":"https://push.example.org/x"}' });
  });

  it('waits 500 ms before logging in', async () => {
    restoreSpecDelays();
    vi.useFakeTimers();
    const store = makeStore({ persist: false });
    const calls = mockFetch({
      'POST /api/login/': { status: 400, body: { non_field_errors: ['Invalid Credentials'] } },
    });
    const pending = signIn(store.dispatch, { apartment_number: 'A-0101', password: 'x' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ non_field_errors: ['Invalid Credentials'] });
    expect(calls).toHaveLength(1);
  });
});

describe('refresh of a restored session', () => {
  it('loads the lists again, except those a screen is already loading', async () => {
    const store = makeStore({ persist: false });
    const calls = mockFetch({
      'GET /api/profile/': { body: { id: 1, name: 'Anna' } },
      'GET /api/documents/?page_size=100': { body: list },
      'GET /api/phones/?page_size=100': { body: list },
      'GET /api/services/?page_size=100': { body: list },
      'GET /api/location/': { body: { id: 1, title: 'Residenz' } },
    });
    // The home screen has started its own profile and location requests.
    store.dispatch(fetchProfile.pending('r'));
    store.dispatch(fetchLocation.pending('r'));
    await refreshRestoredSession(store.dispatch, store.getState());
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/documents/?page_size=100',
      '/api/phones/?page_size=100',
      '/api/services/?page_size=100',
    ]);
  });
});
