// A small promise wrapper over IndexedDB: one database, object stores addressed by name, and the
// four calls the app needs. IndexedDB rather than localStorage because it holds Blobs (photos of
// a report written offline) and several megabytes, and it survives a reload and a closed app.
// No library: idb-keyval has no object stores of its own per use, `idb` is more than we need.

const DB_NAME = 'hausportal';
/** Raise when a store is added; `upgrade` creates every store that is missing. */
const DB_VERSION = 1;
/** Every object store of the app's database, keyed by their records' `key`. */
export const STORES = ['ticket-outbox'] as const;
export type StoreName = (typeof STORES)[number];

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** True where the browser has IndexedDB (not in some private modes of old browsers). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        for (const name of STORES) {
          if (!request.result.objectStoreNames.contains(name))
            request.result.createObjectStore(name, { keyPath: 'key' });
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab with a newer version asks to upgrade: let it, and open again next time.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
      request.onblocked = () => reject(new Error('IndexedDB blocked by another tab'));
    });
    // A failed open is tried again on the next call instead of failing for ever.
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

async function run<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  work: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  const transaction = db.transaction(store, mode);
  const result = promised(work(transaction.objectStore(store)));
  // A write counts once its transaction has committed, not when the request succeeded.
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

/** Every record of a store. */
export function idbGetAll<T>(store: StoreName): Promise<T[]> {
  return run(store, 'readonly', (objects) => objects.getAll() as IDBRequest<T[]>);
}

/** One record by its key, or undefined. */
export function idbGet<T>(store: StoreName, key: string): Promise<T | undefined> {
  return run(store, 'readonly', (objects) => objects.get(key) as IDBRequest<T | undefined>);
}

/** Writes a record (with its `key`), replacing one with the same key. */
export async function idbPut<T extends { key: string }>(store: StoreName, value: T): Promise<void> {
  await run(store, 'readwrite', (objects) => objects.put(value));
}

/** Removes a record; nothing happens when there is none. */
export async function idbDelete(store: StoreName, key: string): Promise<void> {
  await run(store, 'readwrite', (objects) => objects.delete(key));
}

/** Forgets the open connection (tests that replace the IndexedDB factory). */
export function idbReset(): void {
  opening = null;
}
