import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile } from '@hausportal/contract';
import { login } from '@/entities/session/slice';
import { fetchProfile } from '@/entities/user/slice';
import { createAppStore } from './store';

afterEach(() => vi.useRealTimers());

/** What redux-persist keeps under one key: every field as JSON, next to `_persist`. */
function stored(key: string): Record<string, unknown> | null {
  const raw = localStorage.getItem(`persist:${key}`);
  if (!raw) return null;
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([field, json]) => [field, JSON.parse(json)]));
}

async function bootedStore() {
  const app = createAppStore();
  await vi.waitFor(() => expect(app.persistor!.getState().bootstrapped).toBe(true));
  return app;
}

describe('store', () => {
  it('keeps every slice under its own persist key, without its in-flight flags and errors', async () => {
    const { store, persistor } = await bootedStore();
    store.dispatch(login.fulfilled('tok-1234567890', 'r', { apartment_number: 'A-0101', password: 'x' }));
    store.dispatch(fetchProfile.fulfilled({ id: 1, name: 'Anna' } as Profile, 'r'));
    store.dispatch(fetchProfile.pending('r'));
    await persistor!.flush();

    const fields = (key: string) => Object.keys(stored(key) ?? {}).sort();
    expect(fields('auth')).toEqual(['_persist', 'authenticated', 'token']);
    expect(fields('user')).toEqual(['_persist', 'data']);
    expect(fields('documents')).toEqual(['_persist', 'results']);
    expect(fields('phones')).toEqual(['_persist', 'results']);
    expect(fields('services')).toEqual(['_persist', 'providers', 'results']);
    expect(fields('location')).toEqual(['_persist', 'data']);
    expect(fields('messages')).toEqual(
      ['_persist', 'comments', 'count', 'details', 'opened', 'page', 'results', 'selectedMessage'].sort(),
    );
    expect(fields('blackboard')).toEqual(['_persist', 'blackboardOpened', 'unreadCount']);
    expect(fields('home')).toEqual(['_persist', 'data']);
    expect(stored('auth')?.token).toBe('tok-1234567890');
  });

  it('lets a lazily loaded chunk add its own slice, restored from and saved to its own key', async () => {
    localStorage.setItem(
      'persist:moderation',
      JSON.stringify({ queue: '[4,5]', _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
    );
    const moderation = createSlice({
      name: 'moderation',
      initialState: { queue: [] as number[], busy: false },
      reducers: {
        queued: (state, action: PayloadAction<number>) => {
          state.queue.push(action.payload);
          state.busy = true;
        },
      },
    });
    const { store, persistor, injectSlice } = await bootedStore();
    store.dispatch(login.fulfilled('tok-1234567890', 'r', { apartment_number: 'A-0101', password: 'x' }));

    // A real chunk declares its state in LazyLoadedSlices; this test slice is not part of the app.
    (injectSlice as (slice: typeof moderation, transient: string[]) => void)(moderation, ['busy']);
    const state = () => store.getState() as unknown as { moderation?: { queue: number[] } };
    await vi.waitFor(() => expect(state().moderation?.queue).toEqual([4, 5]));
    expect(store.getState().auth.token).toBe('tok-1234567890');

    store.dispatch(moderation.actions.queued(6));
    await persistor!.flush();
    expect(stored('moderation')).toMatchObject({ queue: [4, 5, 6] });
    expect(stored('moderation')).not.toHaveProperty('busy');
  });
});
