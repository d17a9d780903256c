import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Comment, Message } from '@hausportal/contract';
import { config } from '@/config';
import { markLoaded } from '@/lib/loaded-at';
import { preloadIcons } from '@/lib/preload-icons';
import { pauseBeforeSending } from '@/lib/api-client';
import { createApiThunk } from '@/lib/redux/create-api-thunk';
import { sessionReset } from '@/lib/redux/session-reset';
import type { AppState } from '@/lib/redux/hooks';
import { getComments, getMessage, getMessages, putLike } from './api';

export interface MessagesState {
  /** The blackboard page last fetched, newest first. */
  results: Message[];
  count: number;
  page: number;
  /** Comments by message id. */
  comments: Record<number, Comment[]>;
  /** The id of the message the user created last (product §1.4). */
  selectedMessage: number | null;
  /** Messages fetched one by one, for detail pages of posts not on the current page. */
  details: Record<number, Message>;
  /** Ids the detail fetch could not find. */
  missing: number[];
  /** Ids of the posts opened last, oldest first: only these keep their details and comments. */
  opened: number[];
  fetching: boolean;
  /** The page asked for last; answers for other pages arriving later are stale. */
  requestedPage: number;
  commentsFetching: number[];
  /** The id of the message whose like is being sent; its button is disabled meanwhile. */
  liking: number | null;
  error: unknown;
}

declare module '@/lib/redux/hooks' {
  interface RootState {
    messages: MessagesState;
  }
}

export const initialMessagesState: MessagesState = {
  results: [],
  count: 0,
  page: 1,
  comments: {},
  selectedMessage: null,
  details: {},
  missing: [],
  opened: [],
  fetching: false,
  requestedPage: 1,
  commentsFetching: [],
  liking: null,
  error: null,
};

export const fetchMessages = createApiThunk(
  'messages/fetch',
  async (page: number | undefined = 1) => {
    const result = await getMessages(page);
    markLoaded(`messages:${page}`);
    preloadIcons(result.results.flatMap((m) => [m.user_image, ...m.documents.map((d) => d.thumbnail)]));
    return { ...result, page };
  },
  // product §6.4: fetching messages is skipped offline; the persisted page stays readable.
  { online: true },
);

/** The detail fetch of one post; its failures are ignored (product §6.4): the reducer only notes the id as missing. */
export const fetchMessage = createApiThunk('messages/fetchOne', (id: number) => getMessage(id), { online: true });

export const fetchComments = createApiThunk(
  'messages/fetchComments',
  async (id: number) => {
    const results = await getComments(id);
    preloadIcons(results.map((c) => c.user_image));
    return { id, results };
  },
  { online: true },
);

/** product §2.10: sends the opposite of self_liked after 100 ms, then refetches the messages. */
export const likeMessage = createApiThunk(
  'messages/like',
  async ({ id, isLike }: { id: number; isLike: boolean }, { dispatch, getState }) => {
    await pauseBeforeSending(config.delays.beforeLike);
    const result = await putLike(id, isLike);
    const { page } = getState().messages;
    await Promise.all([dispatch(fetchMessages(page)), dispatch(fetchMessage(id))]);
    return result;
  },
);

/** A post was created; remember its id (selectedMessage, product §1.4). */
export const messageCreated = createAction<number>('messages/created');

/**
 * Posts whose details and comments stay stored (and readable offline). Older ones are dropped,
 * so that years of reading do not fill the browser's storage (about 5 MB) and stop it persisting.
 */
export const KEEP_OPENED_POSTS = 50;

/** Notes that post `id` was opened; forgets the details and comments of the oldest beyond the limit. */
function remember(state: MessagesState, id: number) {
  // State persisted by an older version has no list yet.
  const opened = (state.opened ?? []).filter((x) => x !== id);
  opened.push(id);
  for (const old of opened.splice(0, Math.max(0, opened.length - KEEP_OPENED_POSTS))) {
    delete state.details[old];
    delete state.comments[old];
  }
  state.opened = opened;
}

function patchMessage(state: MessagesState, id: number, patch: Partial<Message>) {
  const inList = state.results.find((m) => m.id === id);
  if (inList) Object.assign(inList, patch);
  const detail = state.details[id];
  if (detail) Object.assign(detail, patch);
}

export const messagesSlice = createSlice({
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
        // The page's copy is what the screens read first; a post edited since must not look unchanged.
        const listed = state.results.findIndex((m) => m.id === action.payload.id);
        if (listed >= 0) state.results[listed] = action.payload;
        remember(state, action.payload.id);
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
        remember(state, action.payload.id);
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

/** In-flight flags, ids not found and errors describe this session only. */
export const messagesTransient: (keyof MessagesState)[] = [
  'fetching',
  'requestedPage',
  'commentsFetching',
  'liking',
  'missing',
  'error',
];

/** A post from the current page or from its own detail fetch. */
export function selectMessage(state: AppState, id: number): Message | undefined {
  return state.messages.results.find((m) => m.id === id) ?? state.messages.details[id];
}
