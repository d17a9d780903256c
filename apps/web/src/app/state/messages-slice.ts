import { createAction, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Comment, Message, Paginated } from '@hausportal/contract';
import { config } from '@/config';
import { api, getAll, isOnline, parseErrorBody } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { preloadIcons } from '@/lib/preload-icons';
import { sessionReset } from './session-actions';

export interface MessagesState {
  /** The blackboard page last fetched, newest first. */
  results: Message[];
  count: number;
  page: number;
  /** Comments by message id. */
  comments: Record<number, Comment[]>;
  /** The id of the message the user created last (SPEC §3). */
  selectedMessage: number | null;
  /** Messages fetched one by one, for detail pages of posts not on the current page. */
  details: Record<number, Message>;
  /** Ids the detail fetch could not find. */
  missing: number[];
  fetching: boolean;
  /** The page asked for last; answers for other pages arriving later are stale. */
  requestedPage: number;
  commentsFetching: number[];
  /** The id of the message whose like is being sent; its button is disabled meanwhile. */
  liking: number | null;
  error: unknown;
}

export const initialMessagesState: MessagesState = {
  results: [],
  count: 0,
  page: 1,
  comments: {},
  selectedMessage: null,
  details: {},
  missing: [],
  fetching: false,
  requestedPage: 1,
  commentsFetching: [],
  liking: null,
  error: null,
};

type State = { messages: MessagesState };

export const fetchMessages = createAsyncThunk<
  Paginated<Message> & { page: number },
  number | undefined,
  { rejectValue: unknown }
>(
  'messages/fetch',
  async (page = 1, { rejectWithValue }) => {
    try {
      const result = await api.get<Paginated<Message>>(`/api/messages/?page=${page}`);
      preloadIcons(result.results.flatMap((m) => [m.user_image, ...m.documents.map((d) => d.thumbnail)]));
      return { ...result, page };
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  // SPEC §4: fetching messages is skipped offline; the persisted page stays readable.
  { condition: () => isOnline() },
);

/** The detail fetch of one post; its failures are ignored (SPEC §8). */
export const fetchMessage = createAsyncThunk<Message, number>(
  'messages/fetchOne',
  (id) => api.get<Message>(`/api/messages/${id}/`),
  { condition: () => isOnline() },
);

export const fetchComments = createAsyncThunk<{ id: number; results: Comment[] }, number, { rejectValue: unknown }>(
  'messages/fetchComments',
  async (id, { rejectWithValue }) => {
    try {
      const results = await getAll<Comment>(`/api/messages/${id}/comments/`);
      preloadIcons(results.map((c) => c.user_image));
      return { id, results };
    } catch (error) {
      return rejectWithValue(parseErrorBody(error));
    }
  },
  { condition: () => isOnline() },
);

/** SPEC §4: sends the opposite of self_liked after 100 ms, then refetches the messages. */
export const likeMessage = createAsyncThunk<
  { like_count: number; self_liked: boolean },
  { id: number; isLike: boolean },
  { state: State; rejectValue: unknown }
>('messages/like', async ({ id, isLike }, { dispatch, getState, rejectWithValue }) => {
  await delay(config.delays.beforeLike);
  let result: { like_count: number; self_liked: boolean };
  try {
    result = await api.put(`/api/messages/${id}/${isLike ? 'like' : 'unlike'}/`);
  } catch (error) {
    return rejectWithValue(parseErrorBody(error));
  }
  const { page } = getState().messages;
  await Promise.all([dispatch(fetchMessages(page)), dispatch(fetchMessage(id))]);
  return result;
});

/** A post was created; remember its id (SPEC §3 selectedMessage). */
export const messageCreated = createAction<number>('messages/created');

function patchMessage(state: MessagesState, id: number, patch: Partial<Message>) {
  const inList = state.results.find((m) => m.id === id);
  if (inList) Object.assign(inList, patch);
  const detail = state.details[id];
  if (detail) Object.assign(detail, patch);
}

const messagesSlice = createSlice({
  name: 'messages',
  initialState: initialMessagesState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionReset, () => initialMessagesState)
      .addCase(messageCreated, (state, action) => {
        state.selectedMessage = action.payload;
      })
      .addCase(fetchMessages.pending, (state, action) => {
        state.fetching = true;
        state.requestedPage = action.meta.arg ?? 1;
      })
      .addCase(fetchMessages.fulfilled, (state, action) => {
        if (action.payload.page !== state.requestedPage) return;
        state.results = action.payload.results;
        state.count = action.payload.count;
        state.page = action.payload.page;
        state.fetching = false;
        state.error = null;
        for (const message of action.payload.results) {
          if (state.details[message.id]) state.details[message.id] = message;
        }
      })
      .addCase(fetchMessages.rejected, (state, action) => {
        if ((action.meta.arg ?? 1) !== state.requestedPage) return;
        state.fetching = false;
        state.error = action.payload ?? action.error.message;
      })
      .addCase(fetchMessage.fulfilled, (state, action) => {
        state.details[action.payload.id] = action.payload;
        state.missing = state.missing.filter((id) => id !== action.payload.id);
      })
      .addCase(fetchMessage.rejected, (state, action) => {
        if (!state.missing.includes(action.meta.arg)) state.missing.push(action.meta.arg);
      })
      .addCase(fetchComments.pending, (state, action) => {
        if (!state.commentsFetching.includes(action.meta.arg)) state.commentsFetching.push(action.meta.arg);
      })
      .addCase(fetchComments.fulfilled, (state, action) => {
        state.comments[action.payload.id] = action.payload.results;
        state.commentsFetching = state.commentsFetching.filter((id) => id !== action.payload.id);
      })
      .addCase(fetchComments.rejected, (state, action) => {
        state.commentsFetching = state.commentsFetching.filter((id) => id !== action.meta.arg);
        state.error = action.payload ?? action.error.message;
      })
      .addCase(likeMessage.pending, (state, action) => {
        state.liking = action.meta.arg.id;
      })
      .addCase(likeMessage.fulfilled, (state, action) => {
        state.liking = null;
        patchMessage(state, action.meta.arg.id, action.payload);
      })
      .addCase(likeMessage.rejected, (state, action) => {
        state.liking = null;
        state.error = action.payload ?? action.error.message;
      });
  },
});

export const messagesReducer = messagesSlice.reducer;

/** A post from the current page or from its own detail fetch. */
export function selectMessage(state: State, id: number): Message | undefined {
  return state.messages.results.find((m) => m.id === id) ?? state.messages.details[id];
}
