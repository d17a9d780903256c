import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { blackboardSlice, blackboardTransient } from '@/entities/blackboard-badge/slice';
import { locationSlice, locationTransient } from '@/entities/location/slice';
import { servicesSlice, servicesTransient } from '@/entities/services/slice';
import { authSlice, authTransient } from '@/entities/session/slice';
import { userSlice, userTransient } from '@/entities/user/slice';
import { documentsSlice, documentsTransient } from '@/features/apartment/slice';
import { homeSlice, homeTransient } from '@/features/home/slice';
import { messagesSlice, messagesTransient } from '@/features/blackboard/slice';
import { phonesSlice, phonesTransient } from '@/features/phones/slice';
import { config } from '@/config';
import type { LazyLoadedSlices, RootState } from '@/lib/redux/hooks';

interface SliceLike<Path extends string, S> {
  reducerPath: Path;
  reducer: Reducer<S>;
}

function persisted<S>(key: string, reducer: Reducer<S>, blacklist: readonly (keyof S & string)[]): Reducer<S> {
  // product §1.4: each slice is persisted on its own (key `persist:<slice>`) and restored with a
  // 5000 ms time-out; its transient fields (in-flight flags, errors) stay out of storage.
  return persistReducer(
    { key, storage, timeout: config.persistTimeoutMs, blacklist: [...blacklist] },
    reducer,
  ) as unknown as Reducer<S>;
}

/** A slice as the store holds it: persisted under its own name, or plain for tests. */
function entry<Path extends string, S>(
  slice: SliceLike<Path, S>,
  transient: readonly (keyof S & string)[],
  persist: boolean,
): SliceLike<Path, S> {
  const { reducerPath, reducer } = slice;
  return { reducerPath, reducer: persist ? persisted(reducerPath, reducer, transient) : reducer };
}

function createRootReducer(persist: boolean) {
  return combineSlices(
    entry(authSlice, authTransient, persist),
    entry(userSlice, userTransient, persist),
    entry(documentsSlice, documentsTransient, persist),
    entry(phonesSlice, phonesTransient, persist),
    entry(servicesSlice, servicesTransient, persist),
    entry(locationSlice, locationTransient, persist),
    entry(messagesSlice, messagesTransient, persist),
    entry(blackboardSlice, blackboardTransient, persist),
    entry(homeSlice, homeTransient, persist),
  ).withLazyLoadedSlices<LazyLoadedSlices>();
}

type LazyPath = keyof LazyLoadedSlices & string;

/**
 * A store with the resident slices. `injectSlice` adds a slice that a lazily loaded chunk
 * brings (a later /admin), persisted on its own like the others, so that the resident
 * bundle does not carry it. `persist: false` gives a plain store for tests.
 */
export function createAppStore({ persist = true }: { persist?: boolean } = {}) {
  const rootReducer = createRootReducer(persist);
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  const persistor = persist ? persistStore(store) : null;

  function injectSlice<Path extends LazyPath>(
    slice: SliceLike<Path, LazyLoadedSlices[Path]>,
    transient: readonly (keyof LazyLoadedSlices[Path] & string)[],
  ): void {
    rootReducer.inject(entry(slice, transient, persist) as SliceLike<Path, never>);
    // PERSIST once more: only the new key registers and is restored from storage; slices
    // restored before keep their state (redux-persist ignores PERSIST once it has run).
    persistor?.persist();
  }

  return { store, persistor, injectSlice };
}

/** A store; `persist: false` gives a plain one for tests. */
export function makeStore(options: { persist?: boolean } = {}) {
  return createAppStore(options).store;
}

export type AppStore = ReturnType<typeof makeStore>;

// Every slice that registers itself in RootState must be in the store, with the same state.
type Assert<T extends true> = T;
type _StoreHoldsRootState = Assert<ReturnType<AppStore['getState']> extends RootState ? true : false>;

const app = createAppStore();
export const store = app.store;
export const persistor = app.persistor!;
export const injectSlice = app.injectSlice;
