import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { config } from '@/config';
import { api, isOnline, parseErrorBody } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { sessionReset } from './session-actions';

export interface BlackboardState {
  /** When the user last opened the blackboard (ISO), as the server keeps it. */
  blackboardOpened: string | null;
  /** Posts newer than both the last visit and three days ago, counted by the server. */
  unreadCount: number;
  error: unknown;
}

export const initialBlackboardState: BlackboardState = { blackboardOpened: null, unreadCount: 0, error: null };

interface OpenedResponse {
  date_blackboard_opened: string | null;
  unread_count: number;
}

/** GET blackboard_opened, followed by the spec's 500 ms delay (SPEC §7). */
export const fetchBlackboardOpened = createAsyncThunk<OpenedResponse, number, { rejectValue: unknown }>(
  'blackboard/fetchOpened',
  async (userId, { rejectWithValue }) => {
    try {
      const result = await api.get<OpenedResponse>(`/api/blackboard_opened/${userId}/`);
      await delay(config.delays.afterBlackboardOpened);
      return result;
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

/** PUT blackboard_opened with the current time when the blackboard is opened. */
export const markBlackboardOpened = createAsyncThunk<OpenedResponse, number, { rejectValue: unknown }>(
  'blackboard/markOpened',
  async (userId, { rejectWithValue }) => {
    try {
      return await api.put<OpenedResponse>(`/api/blackboard_opened/${userId}/`, {
        date_blackboard_opened: new Date().toISOString(),
      });
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

const apply = (state: BlackboardState, payload: OpenedResponse) => {
  state.blackboardOpened = payload.date_blackboard_opened;
  state.unreadCount = payload.unread_count;
  state.error = null;
};

const blackboardSlice = createSlice({
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
