import { createAsyncThunk, createSlice, type Draft } from '@reduxjs/toolkit';
import { OFFLINE_MESSAGE, getAll, isOnline, parseErrorBody } from '@/lib/api-client';
import { preloadIcons } from '@/lib/preload-icons';
import { addFetchCases, type RequestState } from './request-cases';
import { sessionReset } from './session-actions';

export interface ListState<T> extends RequestState {
  results: T[];
}

/**
 * A slice holding one whole paginated list from `url` (documents, phones): its icons are
 * preloaded when it arrives, and it is emptied by a failure, by a lost connection not,
 * and by the end of the session.
 */
export function createListSlice<T extends { icon: string }>(name: string, url: string) {
  const initialState: ListState<T> = { results: [], fetching: false, error: null };

  const fetchList = createAsyncThunk<T[], void, { rejectValue: unknown }>(
    `${name}/fetch`,
    async (_, { rejectWithValue }) => {
      try {
        const results = await getAll<T>(url);
        preloadIcons(results.map((item) => item.icon));
        return results;
      } catch (error) {
        return rejectWithValue(parseErrorBody(error));
      }
    },
    // Offline, the persisted list stays as it is instead of being emptied by a failure.
    { condition: () => isOnline() },
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
          state.results = results as Draft<T>[];
        },
        (state, error) => {
          // SPEC §4: a failure empties the list; but a lost connection is not an answer
          // from the server, and persisted data must stay readable offline.
          if (error !== OFFLINE_MESSAGE) state.results = [];
        },
      );
    },
  });

  return { initialState, fetchList, reducer: slice.reducer };
}
