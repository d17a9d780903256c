import { createSlice } from '@reduxjs/toolkit';
import { config } from '@/config';
import { delay } from '@/lib/delay';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { sessionReset } from '@/lib/redux/session-reset';
import { getBlackboardOpened, putBlackboardOpened, type BlackboardOpened } from './api';

export interface BlackboardState {
  /** When the user last opened the blackboard (ISO), as the server keeps it. */
  blackboardOpened: string | null;
  /** Posts newer than both the last visit and three days ago, counted by the server. */
  unreadCount: number;
  error: unknown;
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    blackboard: BlackboardState;
  }
}

export const initialBlackboardState: BlackboardState = { blackboardOpened: null, unreadCount: 0, error: null };

/** GET blackboard_opened, followed by the spec's 500 ms delay (product §4.5). */
export const fetchBlackboardOpened = createApiThunk(
  'blackboard/fetchOpened',
  async (userId: number) => {
    const result = await getBlackboardOpened(userId);
    await delay(config.delays.afterBlackboardOpened);
    return result;
  },
  { online: true },
);

/** PUT blackboard_opened with the current time when the blackboard is opened. */
export const markBlackboardOpened = createApiThunk(
  'blackboard/markOpened',
  (userId: number) => putBlackboardOpened(userId),
  { online: true },
);

const apply = (state: BlackboardState, payload: BlackboardOpened) => {
  state.blackboardOpened = payload.date_blackboard_opened;
  state.unreadCount = payload.unread_count;
  state.error = null;
};

/** The home screen's blackboard badge: read by the home feature, reset by the blackboard feature. */
export const blackboardSlice = createSlice({
  name: 'blackboard',
  initialState: initialBlackboardState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionReset, () => initialBlackboardState)
      .addCase(fetchBlackboardOpened.fulfilled, (state, action) => apply(state, action.payload))
      .addCase(fetchBlackboardOpened.rejected, (state, action) => {
        state.error = action.payload ?? action.error.message;
      })
      .addCase(markBlackboardOpened.fulfilled, (state, action) => apply(state, action.payload))
      .addCase(markBlackboardOpened.rejected, (state, action) => {
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const blackboardReducer = blackboardSlice.reducer;

/** Errors describe this session only. */
export const blackboardTransient: (keyof BlackboardState)[] = ['error'];
