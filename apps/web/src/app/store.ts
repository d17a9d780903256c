import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { config } from '@/config';
import { authReducer } from './state/auth-slice';
import { blackboardReducer } from './state/blackboard-slice';
import { documentsReducer } from './state/documents-slice';
import { locationReducer } from './state/location-slice';
import { messagesReducer } from './state/messages-slice';
import { phonesReducer } from './state/phones-slice';
import { servicesReducer } from './state/services-slice';
import { userReducer } from './state/user-slice';

/** The plain slice reducers, as tests use them without persistence. */
export const reducers = {
  auth: authReducer,
  user: userReducer,
  documents: documentsReducer,
  phones: phonesReducer,
  services: servicesReducer,
  location: locationReducer,
  messages: messagesReducer,
  blackboard: blackboardReducer,
};

type Reducers = typeof reducers;

// In-flight flags and errors describe this session only; restoring them would show
// spinners that never end.
const transient: { [K in keyof Reducers]: string[] } = {
  auth: ['fetching', 'error'],
  user: ['fetching', 'updating', 'error'],
  documents: ['fetching', 'error'],
  phones: ['fetching', 'error'],
  services: ['fetching', 'providersFetching', 'error'],
  location: ['fetching', 'error'],
  messages: ['fetching', 'requestedPage', 'commentsFetching', 'liking', 'missing', 'error'],
  blackboard: ['error'],
};

function persisted<S>(key: string, reducer: Reducer<S>, blacklist: string[]): Reducer<S> {
  // SPEC §3/§9: each slice is persisted on its own and restored with a 5000 ms time-out.
  return persistReducer(
    { key, storage, timeout: config.persistTimeoutMs, blacklist },
    reducer,
  ) as unknown as Reducer<S>;
}

function persistedReducers() {
  return combineReducers({
    auth: persisted('auth', reducers.auth, transient.auth),
    user: persisted('user', reducers.user, transient.user),
    documents: persisted('documents', reducers.documents, transient.documents),
    phones: persisted('phones', reducers.phones, transient.phones),
    services: persisted('services', reducers.services, transient.services),
    location: persisted('location', reducers.location, transient.location),
    messages: persisted('messages', reducers.messages, transient.messages),
    blackboard: persisted('blackboard', reducers.blackboard, transient.blackboard),
  });
}

/** A store; `persist: false` gives a plain one for tests. */
export function makeStore({ persist = true }: { persist?: boolean } = {}) {
  return configureStore({
    reducer: persist ? persistedReducers() : combineReducers(reducers),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const store = makeStore();
export const persistor = persistStore(store);
