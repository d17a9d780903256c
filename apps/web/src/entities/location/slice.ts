import { createSlice } from '@reduxjs/toolkit';
import type { Location } from '@hausportal/contract';
import { OFFLINE_MESSAGE } from '@/lib/api-client';
import { markLoaded } from '@/lib/loaded-at';
import { preloadIcons } from '@/lib/preload-icons';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { addFetchCases, unchanged, type RequestState } from '@/lib/redux/request-cases';
import { sessionReset } from '@/lib/redux/session-reset';
import { getLocation } from './api';

export interface LocationState extends RequestState {
  data: Location | null;
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    location: LocationState;
  }
}

export const initialLocationState: LocationState = { data: null, fetching: false, error: null };

export const fetchLocation = createApiThunk(
  'location/fetch',
  async () => {
    const location = await getLocation();
    preloadIcons([location.logo]);
    markLoaded('location');
    return location;
  },
  { online: true },
);

export const locationSlice = createSlice({
  name: 'location',
  initialState: initialLocationState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialLocationState);
    addFetchCases(
      builder,
      fetchLocation,
      (state, location) => {
        if (!unchanged(state.data, location)) state.data = location;
      },
      (state, error) => {
        // product §9.5: a failure empties the location; but a lost connection is not an answer
        // from the server, and persisted data must stay readable offline.
        if (error !== OFFLINE_MESSAGE) state.data = null;
      },
    );
  },
});

export const locationReducer = locationSlice.reducer;

/** In-flight flags and errors describe this session only. */
export const locationTransient: (keyof LocationState)[] = ['fetching', 'error'];
