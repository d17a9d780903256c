import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api-client';
import { markLoaded } from './loaded-at';
import { useOnline } from './use-online';

// What a screen without a slice loaded last stays readable offline (product §2.18), in
// localStorage beside the persisted slices: logout clears it with the rest. Each feature keeps its
// copies under its own namespace ('tickets:list', 'bookings:mine'), so two never overwrite each other.

/** One stored copy. `key` is its name in localStorage, and the name LoadedAt reads ('Stand: …'). */
export interface CacheEntry<T> {
  readonly key: string;
  read(): T | null;
  write(value: T): void;
}

export interface CacheOptions {
  /**
   * Of the entries whose name starts with `prefix` (one per ticket opened, say), only the last
   * `count` written stay; the oldest goes. Their names are listed in the entry `opened`.
   */
  keepLast?: { prefix: string; count: number };
}

/** A feature's stored copies: `cache('list')` is the entry `<namespace>:list`. */
export type RemoteCache = <T>(name: string) => CacheEntry<T>;

/** The stored copies of one feature, each under `<namespace>:<name>`. */
export function remoteCache(namespace: string, { keepLast }: CacheOptions = {}): RemoteCache {
  const prefix = `${namespace}:`;
  const openedKey = `${prefix}opened`;

  function read<T>(name: string): T | null {
    try {
      const text = localStorage.getItem(prefix + name);
      return text ? (JSON.parse(text) as T) : null;
    } catch {
      return null;
    }
  }

  function write(name: string, value: unknown): void {
    try {
      localStorage.setItem(prefix + name, JSON.stringify(value));
      markLoaded(prefix + name);
      if (!keepLast || !name.startsWith(keepLast.prefix)) return;
      const opened = (read<string[]>('opened') ?? []).filter((n) => n !== name);
      opened.unshift(name);
      for (const old of opened.splice(keepLast.count)) localStorage.removeItem(prefix + old);
      localStorage.setItem(openedKey, JSON.stringify(opened));
    } catch {
      // A full storage only loses the offline copy.
    }
  }

  // One object per name, so that a screen's entry keeps its identity between renders.
  const entries = new Map<string, CacheEntry<unknown>>();
  return <T>(name: string) => {
    let entry = entries.get(name);
    if (!entry) {
      entry = { key: prefix + name, read: () => read(name), write: (value) => write(name, value) };
      entries.set(name, entry);
    }
    return entry as CacheEntry<T>;
  };
}

export type RemoteState = 'loading' | 'failed' | 'notFound' | 'done';

/** What `useRemote` gives a screen. */
export interface Remote<T> {
  /** The server's answer, else the stored copy, else null. */
  data: T | null;
  /** 'failed' only while there is nothing to show; offline with nothing stored it is 'failed' at once. */
  state: RemoteState;
  /** Whether the last load failed, also when older data is still on screen. */
  lastFailed: boolean;
  /** Loads again (a retry, or after the screen changed something on the server). */
  reload: () => void;
  /** Puts an answer the screen already has (from a POST, say) on screen and into the store. */
  replace: (value: T) => void;
}

interface Held<T> {
  key: string | null;
  data: T | null;
  state: RemoteState;
  lastFailed: boolean;
}

function fromStore<T>(cache: CacheEntry<T> | null): Held<T> {
  const data = cache ? cache.read() : null;
  return { key: cache?.key ?? null, data, state: data ? 'done' : 'loading', lastFailed: false };
}

/**
 * The one way a screen without a slice reads the server: what was stored shows at once, the
 * server's answer replaces it, and it loads again when the connection returns. `cache` null keeps
 * nothing offline. `load` must keep its identity between renders (a module function or
 * useCallback); a new `load` loads again and keeps the data on screen until its answer comes.
 */
export function useRemote<T>(cache: CacheEntry<T> | null, load: () => Promise<T>): Remote<T> {
  const online = useOnline();
  const [held, setHeld] = useState(() => fromStore(cache));
  const [attempt, setAttempt] = useState(0);

  // Another entry in the same place (one legal page after another) starts from its own copy.
  let current = held;
  if (held.key !== (cache?.key ?? null)) {
    current = fromStore(cache);
    setHeld(current);
  }

  useEffect(() => {
    if (!online) return;
    let live = true;
    const key = cache?.key ?? null;
    load().then(
      (value) => {
        if (!live) return;
        setHeld({ key, data: value, state: 'done', lastFailed: false });
        cache?.write(value);
      },
      (error: unknown) => {
        if (!live) return;
        // Stored data stays on screen when the server fails; only a 404 clears it.
        if (error instanceof ApiError && error.status === 404)
          setHeld({ key, data: null, state: 'notFound', lastFailed: true });
        else setHeld((now) => ({ ...now, state: now.state === 'done' ? 'done' : 'failed', lastFailed: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [online, cache, load, attempt]);

  const reload = useCallback(() => {
    setHeld((now) => ({ ...now, state: now.state === 'failed' ? 'loading' : now.state, lastFailed: false }));
    setAttempt((n) => n + 1);
  }, []);

  const replace = useCallback(
    (value: T) => {
      setHeld({ key: cache?.key ?? null, data: value, state: 'done', lastFailed: false });
      cache?.write(value);
    },
    [cache],
  );

  // Offline with nothing stored: NotLoaded rather than a spinner that never ends.
  const state: RemoteState = !online && current.state === 'loading' ? 'failed' : current.state;
  return { data: current.data, state, lastFailed: current.lastFailed, reload, replace };
}
