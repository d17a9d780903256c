import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import type { AppDispatch } from '@/lib/redux/hooks';
import { mockFetch } from '@/test/fetch-mock';
import { restoreSpecDelays } from '@/test/setup';
import { blackboardReducer, fetchBlackboardOpened, markBlackboardOpened } from './slice';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A store with the badge's slice that records the type of every action it sees. */
function makeStore() {
  const types: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    types.push((action as { type: string }).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { blackboard: blackboardReducer },
    middleware: (getDefault) => getDefault().concat(record),
  });
  // The thunks are typed for the whole app's state; they read only their own slice.
  return { getState: store.getState, dispatch: store.dispatch as AppDispatch, types };
}

describe('blackboard_opened', () => {
  it('waits 500 ms after the GET before the unread count arrives', async () => {
    restoreSpecDelays();
    vi.useFakeTimers();
    const store = makeStore();
    const calls = mockFetch({
      'GET /api/blackboard_opened/7/': { body: { date_blackboard_opened: '2026-05-01T00:00:00Z', unread_count: 4 } },
    });
    const done = store.dispatch(fetchBlackboardOpened(7));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(store.getState().blackboard.unreadCount).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(store.getState().blackboard.unreadCount).toBe(4);
  });

  it.each([
    ['GET', fetchBlackboardOpened],
    ['PUT', markBlackboardOpened],
  ] as const)(
    'on a failed %s parses the body as JSON into a failure action, and keeps the badge',
    async (method, thunk) => {
      const store = makeStore();
      const { types } = store;
      mockFetch({ 'GET /api/blackboard_opened/7/': { body: { date_blackboard_opened: null, unread_count: 3 } } });
      await store.dispatch(fetchBlackboardOpened(7));
      types.length = 0;

      mockFetch({ [`${method} /api/blackboard_opened/7/`]: { status: 500, body: { detail: 'Kaputt.' } } });
      await store.dispatch(thunk(7));
      expect(types).toContain(`${thunk.typePrefix}/rejected`);
      expect(store.getState().blackboard).toMatchObject({ error: { detail: 'Kaputt.' }, unreadCount: 3 });
    },
  );

  it('keeps the raw text of a failure whose body is not JSON', async () => {
    const store = makeStore();
    mockFetch({ 'GET /api/blackboard_opened/7/': { status: 502, body: 'Bad Gateway' } });
    await store.dispatch(fetchBlackboardOpened(7));
    expect(store.getState().blackboard.error).toBe('Bad Gateway');
  });
});
