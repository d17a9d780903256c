import { createSlice } from '@reduxjs/toolkit';
import type { HomeSummary } from '@hausportal/contract';
import { markLoaded } from '@/lib/loaded-at';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { addFetchCases, unchanged, type RequestState } from '@/lib/redux/request-cases';
import { sessionReset } from '@/lib/redux/session-reset';
import { dismissNotice as postDismissed, getHome } from './api';

// The home screen's news, persisted like the other screens' data: a returning resident
// sees the last state at once, and offline it stays readable with its 'Stand'.

export interface HomeState extends RequestState {
  data: HomeSummary | null;
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    home: HomeState;
  }
}

export const initialHomeState: HomeState = { data: null, fetching: false, error: null };

export const fetchHome = createApiThunk(
  'home/fetch',
  async () => {
    const home = await getHome();
    markLoaded('home');
    return home;
  },
  { online: true },
);

/**
 * The resident puts a 'Wichtig' notice away. It goes from the screen at once; if the server does
 * not take it, it comes back (dismissFailed) and the screen says so.
 */
export const dismissNotice = createApiThunk('home/dismiss', async (id: number) => {
  await postDismissed(id);
  return id;
});

export const homeSlice = createSlice({
  name: 'home',
  initialState: initialHomeState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionReset, () => initialHomeState);
    // Kept on failure: stored news stays readable offline and when the server is down.
    addFetchCases(builder, fetchHome, (state, home) => {
      if (!unchanged(state.data, home)) state.data = home;
    });
    builder.addCase(dismissNotice.pending, (state, action) => {
      const notice = state.data?.notices.find((n) => n.id === action.meta.arg);
      if (notice) notice.dismissed = true;
    });
    builder.addCase(dismissNotice.rejected, (state, action) => {
      const notice = state.data?.notices.find((n) => n.id === action.meta.arg);
      if (notice) notice.dismissed = false;
    });
  },
});

export const homeReducer = homeSlice.reducer;

/** In-flight flags and errors describe this session only. */
export const homeTransient: (keyof HomeState)[] = ['fetching', 'error'];
