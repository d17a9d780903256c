import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Location } from '@hausportal/contract';
import { OFFLINE_MESSAGE, api, isOnline, parseErrorBody } from '@/lib/api-client';
import { preloadIcons } from '@/lib/preload-icons';
import { sessionReset } from './session-actions';

export interface LocationState {
  data: Location | null;
  fetching: boolean;
  error: unknown;
}

export const initialLocationState: LocationState = { data: null, fetching: false, error: null };

export const fetchLocation = createAsyncThunk<Location, void, { rejectValue: unknown }>(
  'location/fetch',
  async (_, { rejectWithValue }) => {
    try {
      const location = await api.get<Location>('/api/location/');
      preloadIcons([location.logo]);
      return location;
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

const locationSlice = createSlice({
  name: 'location',
  initialState: initialLocationState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionReset, () => initialLocationState)
      .addCase(fetchLocation.pending, (state) => {
        state.fetching = true;
      })
      .addCase(fetchLocation.fulfilled, (state, action) => {
        state.data = action.payload;
        state.fetching = false;
        state.error = null;
      })
      .addCase(fetchLocation.rejected, (state, action) => {
        // SPEC §4: a failure empties the location; but a lost connection is not an answer
        // from the server, and persisted data must stay readable offline.
        if (action.payload !== OFFLINE_MESSAGE) state.data = null;
        state.fetching = false;
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const locationReducer = locationSlice.reducer;
