import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Paginated, Phone } from '@hausportal/contract';
import { OFFLINE_MESSAGE, api, isOnline, parseErrorBody } from '@/lib/api-client';
import { preloadIcons } from '@/lib/preload-icons';
import { sessionReset } from './session-actions';

export interface PhonesState {
  results: Phone[];
  fetching: boolean;
  error: unknown;
}

export const initialPhonesState: PhonesState = { results: [], fetching: false, error: null };

export const fetchPhones = createAsyncThunk<Phone[], void, { rejectValue: unknown }>(
  'phones/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const page = await api.get<Paginated<Phone>>('/api/phones/');
      preloadIcons(page.results.map((p) => p.icon));
      return page.results;
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

const phonesSlice = createSlice({
  name: 'phones',
  initialState: initialPhonesState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionReset, () => initialPhonesState)
      .addCase(fetchPhones.pending, (state) => {
        state.fetching = true;
      })
      .addCase(fetchPhones.fulfilled, (state, action) => {
        state.results = action.payload;
        state.fetching = false;
        state.error = null;
      })
      .addCase(fetchPhones.rejected, (state, action) => {
        // SPEC §4: a failure empties the phones; but a lost connection is not an answer
        // from the server, and persisted data must stay readable offline.
        if (action.payload !== OFFLINE_MESSAGE) state.results = [];
        state.fetching = false;
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const phonesReducer = phonesSlice.reducer;
