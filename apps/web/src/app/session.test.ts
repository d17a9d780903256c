import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { restoreSpecDelays } from '@/test/setup';
import { fetchLocation } from '@/entities/location/slice';
import { fetchProfile } from '@/entities/user/slice';
import { login } from '@/entities/session/slice';
import { refreshRestoredSession, signIn, signOut } from './session';
import { makeStore, persistor } from './store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

describe('logout sequence', () => {
  /** A signed-in store and a device that registered for push, with a stand-in for the page reload. */
  function signedIn() {
    const store = makeStore({ persist: false });
    store.dispatch(login.fulfilled('tok-1234567890', 'seed', { apartment_number: 'A-0101', password: 'x' }));
    localStorage.setItem('token', 'tok-1234567890');
    localStorage.setItem('pushTokenId', '17');
    localStorage.setItem('persist:auth', '{"token":"\\"tok-1234567890\\""}');
    // jsdom cannot reload a page; the sequence's last step is checked on a stand-in.
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const purge = vi.spyOn(persistor, 'purge');
    const navigate = vi.fn();
    const calls = mockFetch({ 'DELETE /api/fcm/token/17/': { status: 204 }, 'GET /api/logout/': { body: {} } });
    return { store, reload, purge, navigate, calls };
  }

  it('waits 500 ms, then deletes the push registration, logs out and clears local storage', async () => {
    restoreSpecDelays();
    vi.useFakeTimers();
    const { store, navigate, calls } = signedIn();
    void signOut(store.dispatch, navigate);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('tok-1234567890');

    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/fcm/token/17/', 'GET /api/logout/']);
    // (The app's persisted store may write its own, empty state again meanwhile; the token is gone.)
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('pushTokenId')).toBeNull();
    expect(localStorage.getItem('persist:auth') ?? '').not.toContain('tok-1234567890');
    expect(store.getState().auth.token).toBeNull();
  });

  it('goes to /login, purges the persisted state, and one second later clears local storage again and reloads', async () => {
    restoreSpecDelays();
    vi.useFakeTimers();
    const { store, reload, purge, navigate } = signedIn();
    const done = signOut(store.dispatch, navigate);
    await vi.advanceTimersByTimeAsync(500);
    await done;
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(purge).toHaveBeenCalledOnce();
    // The purge comes after the way to /login, so no screen of the old session shows meanwhile.
    expect(navigate.mock.invocationCallOrder[0]!).toBeLessThan(purge.mock.invocationCallOrder[0]!);
    expect(reload).not.toHaveBeenCalled();

    // Whatever was written since (a request still under way) does not survive the reload.
    localStorage.setItem('persist:user', '{"data":"{}"}');
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('persist:user')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem('persist:user')).toBeNull();
  });
});
