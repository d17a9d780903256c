import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { markLoaded } from '@/lib/loaded-at';
import { useOnline } from '@/lib/use-online';

// What these screens loaded last stays readable offline (product §2.18), in localStorage beside
// the persisted slices: logout clears it with the rest. The list and the last tickets opened.

const PREFIX = 'tickets:';
/** How many tickets opened stay stored, as for posts (KEEP_OPENED_POSTS). */
const KEEP_OPENED = 20;
const OPENED = `${PREFIX}opened`;

export function readCache<T>(name: string): T | null {
  try {
    const text = localStorage.getItem(PREFIX + name);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function writeCache(name: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(value));
    markLoaded(PREFIX + name);
    if (!name.startsWith('ticket:')) return;
    // Only the last tickets opened are kept; the oldest goes.
    const opened = (readCache<string[]>('opened') ?? []).filter((n) => n !== name);
    opened.unshift(name);
    for (const old of opened.splice(KEEP_OPENED)) localStorage.removeItem(PREFIX + old);
    localStorage.setItem(OPENED, JSON.stringify(opened));
  } catch {
    // A full storage only loses the offline copy.
  }
}

/** The name LoadedAt reads for a cached screen ('Stand: …'). */
export const loadedAtName = (name: string) => PREFIX + name;

export type RemoteState = 'loading' | 'failed' | 'notFound' | 'done';

/**
 * Data of one screen: what was stored shows at once, the server's answer replaces it, and it
 * loads again when the connection returns. `cacheName` null keeps nothing offline; `load` must
 * keep its identity between renders (a module function or useCallback).
 */
export function useRemote<T>(cacheName: string | null, load: () => Promise<T>) {
  const online = useOnline();
  const [data, setData] = useState<T | null>(() => (cacheName ? readCache<T>(cacheName) : null));
  const [state, setState] = useState<RemoteState>(data ? 'done' : 'loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return;
    let live = true;
    load().then(
      (value) => {
        if (!live) return;
        setData(value);
        setState('done');
        if (cacheName) writeCache(cacheName, value);
      },
      (error: unknown) => {
        if (!live) return;
        // Stored data stays on screen when the server fails; only a 404 clears it.
        if (error instanceof ApiError && error.status === 404) {
          setData(null);
          setState('notFound');
        } else setState((now) => (now === 'done' ? 'done' : 'failed'));
      },
    );
    return () => {
      live = false;
    };
  }, [online, cacheName, load, attempt]);

  const reload = useCallback(() => {
    setState((now) => (now === 'failed' ? 'loading' : now));
    setAttempt((n) => n + 1);
  }, []);

  const replace = useCallback(
    (value: T) => {
      setData(value);
      setState('done');
      if (cacheName) writeCache(cacheName, value);
    },
    [cacheName],
  );

  // Offline with nothing stored: NotLoaded rather than a spinner that never ends.
  const shown: RemoteState = !online && state === 'loading' ? 'failed' : state;
  return { data, state: shown, reload, replace };
}
