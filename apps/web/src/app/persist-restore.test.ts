import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from './store';

/** While `hang.on`, the browser's storage never answers a read (a locked or very slow storage). */
const hang = vi.hoisted(() => ({ on: false }));

vi.mock('redux-persist/es/storage', async (importOriginal) => {
  const real = (await importOriginal<{ default: { getItem: (key: string) => Promise<string | null> } }>()).default;
  return {
    default: {
      ...real,
      getItem: (key: string) => (hang.on ? new Promise<string | null>(() => undefined) : real.getItem(key)),
    },
  };
});

afterEach(() => {
  hang.on = false;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const storedAuth = JSON.stringify({
  token: JSON.stringify('tok-1234567890'),
  authenticated: 'true',
  _persist: JSON.stringify({ version: -1, rehydrated: true }),
});

describe('restoring the persisted state', () => {
  it('gives up after 5000 ms when the storage does not answer, and starts with empty state', async () => {
    vi.useFakeTimers();
    // redux-persist reports the time-out on the console; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('persist:auth', storedAuth);
    hang.on = true;
    const { store, persistor } = createAppStore();

    // Until then the app waits (PersistGate shows its spinner).
    await vi.advanceTimersByTimeAsync(4999);
    expect(persistor!.getState().bootstrapped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(persistor!.getState().bootstrapped).toBe(true);
    expect(store.getState().auth.token).toBeNull();
  });

  it('restores what is stored when the storage answers', async () => {
    localStorage.setItem('persist:auth', storedAuth);
    const { store, persistor } = createAppStore();
    await vi.waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
    expect(store.getState().auth.token).toBe('tok-1234567890');
  });
});
