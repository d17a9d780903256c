import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Location } from '@hausportal/contract';
import { OFFLINE_MESSAGE, api, isOnline, parseErrorBody } from '@/lib/api-client';
import { preloadIcons } from '@/lib/preload-icons';
import { addFetchCases, type RequestState } from './request-cases';
import { sessionReset } from './session-actions';

export interface LocationState extends RequestState {
  data: Location | null;
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
    builder.addCase(sessionReset, () => initialLocationState);
    addFetchCases(
      builder,
      fetchLocation,
      (state, location) => {
        state.data = location;
      },
      (state, error) => {
        // SPEC §4: a failure empties the location; but a lost connection is not an answer
        // from the server, and persisted data must stay readable offline.
        if (error !== OFFLINE_MESSAGE) state.data = null;
      },
    );
  },
});

export const locationReducer = locationSlice.reducer;
