import { createSlice, type Draft } from '@reduxjs/toolkit';
import { OFFLINE_MESSAGE } from '@/lib/api-client';
import { markLoaded } from '@/lib/loaded-at';
import { preloadIcons } from '@/lib/preload-icons';
import { createApiThunk } from './create-api-thunk';
import { addFetchCases, unchanged, type RequestState } from './request-cases';
import { sessionReset } from './session-reset';

export interface ListState<T> extends RequestState {
  results: T[];
}

/**
 * A slice holding one whole list that `load` fetches (documents, phones): its icons are
 * preloaded when it arrives, and it is emptied by a failure, by a lost connection not,
 * and by the end of the session.
 */
export function createListSlice<T extends { icon: string }, Name extends string>(name: Name, load: () => Promise<T[]>) {
  const initialState: ListState<T> = { results: [], fetching: false, error: null };

  const fetchList = createApiThunk(
    `${name}/fetch`,
    async () => {
      const results = await load();
      preloadIcons(results.map((item) => item.icon));
      markLoaded(name);
      return results;
    },
    // Offline, the persisted list stays as it is instead of being emptied by a failure.
    { online: true },
  );

  const slice = createSlice({
    name,
    initialState,
    reducers: {},
    extraReducers: (builder) => {
      builder.addCase(sessionReset, () => initialState);
      addFetchCases(
        builder,
        fetchList,
        (state, results) => {
          // Immer cannot resolve the draft of a generic element type; the items are plain data.
          if (!unchanged(state.results, results)) state.results = results as Draft<T>[];
        },
        (state, error) => {
          // product §9.5: a failure empties the list; but a lost connection is not an answer
          // from the server, and persisted data must stay readable offline.
          if (error !== OFFLINE_MESSAGE) state.results = [];
        },
      );
    },
  });

  /** In-flight flags and errors describe this session only; they are not persisted. */
  const transient: (keyof ListState<T>)[] = ['fetching', 'error'];

  return { initialState, fetchList, slice, transient };
}
