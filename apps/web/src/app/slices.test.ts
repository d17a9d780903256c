import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Document, Location, Message, Phone } from '@hausportal/contract';
import { blackboardReducer, fetchBlackboardOpened } from '@/entities/blackboard-badge/slice';
import { fetchLocation, initialLocationState, locationReducer } from '@/entities/location/slice';
import { fetchServices, initialServicesState, servicesReducer } from '@/entities/services/slice';
import { authReducer, forgotPassword, initialAuthState, login, logout } from '@/entities/session/slice';
import { documentsReducer, fetchDocuments, initialDocumentsState } from '@/features/apartment/slice';
import {
  fetchComments,
  fetchMessage,
  fetchMessages,
  initialMessagesState,
  KEEP_OPENED_POSTS,
  likeMessage,
  messageCreated,
  messagesReducer,
} from '@/features/blackboard/slice';
import { fetchPhones, initialPhonesState, phonesReducer } from '@/features/phones/slice';
import { sessionReset } from '@/lib/redux/session-reset';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { makeStore } from './store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const doc: Document = {
  id: 1,
  title: 'Hausordnung',
  icon: '/icons/document.svg',
  document: '/api/media/documents/x.pdf',
  created_at: '2026-11-02T09:00:00.000Z',
  is_new: false,
};
const phone: Phone = {
  id: 1,
  name: 'Polizei',
  number: '110',
  icon: '/icons/police.svg',
  highlighted: false,
  hidden: false,
};
const location = { id: 1, title: 'Residenz am Stadtpark' } as Location;
const message = (id: number, extra: Partial<Message> = {}): Message => ({
  id,
  text: `Beitrag ${id}`,
  created_at: '2026-05-01T10:00:00Z',
  user_name: 'Anna',
  user_image: null,
  documents: [],
  like_count: 0,
  comment_count: 0,
  self_liked: false,
  self_commented: false,
  status: 'approved',
  rejection_reason: null,
  ...extra,
});

describe('auth slice', () => {
  it('login request sets fetching and authenticated=false', () => {
    const state = authReducer(
      { ...initialAuthState, authenticated: true },
      login.pending('r', { apartment_number: 'A', password: 'p' }),
    );
    expect(state).toMatchObject({ fetching: true, authenticated: false });
  });

  it('login success sets authenticated=true and stores the token', () => {
    const state = authReducer(initialAuthState, login.fulfilled('tok', 'r', { apartment_number: 'A', password: 'p' }));
    expect(state).toEqual({ token: 'tok', authenticated: true, fetching: false, error: null });
  });

  it('login failure clears the token and keeps the parsed error', () => {
    const body = { non_field_errors: ['Invalid Credentials'] };
    const state = authReducer(
      { ...initialAuthState, token: 'old' },
      login.rejected(null, 'r', { apartment_number: 'A', password: 'p' }, body),
    );
    expect(state).toEqual({ token: null, authenticated: false, fetching: false, error: body });
  });

  it('logout request, success and failure end signed out', () => {
    const signedIn = { token: 'tok', authenticated: true, fetching: false, error: null };
    expect(authReducer(signedIn, logout.pending('r'))).toMatchObject({ fetching: true, authenticated: false });
    expect(authReducer(signedIn, logout.fulfilled(undefined, 'r'))).toMatchObject({
      token: null,
      authenticated: false,
      fetching: false,
    });
    expect(authReducer(signedIn, logout.rejected(null, 'r', undefined, 'x'))).toMatchObject({
      token: null,
      authenticated: false,
    });
  });

  it('forgot-password request sets fetching; success and failure clear the token', () => {
    expect(authReducer(initialAuthState, forgotPassword.pending('r', 'A-0101'))).toMatchObject({
      fetching: true,
      authenticated: false,
    });
    const withToken = { ...initialAuthState, token: 'x' };
    expect(authReducer(withToken, forgotPassword.fulfilled({ email: 'a•••@x.org' }, 'r', 'A-0101'))).toMatchObject({
      token: null,
      authenticated: false,
    });
    expect(
      authReducer(withToken, forgotPassword.rejected(null, 'r', 'A-0101', { detail: 'Nicht gefunden.' })),
    ).toMatchObject({
      token: null,
      authenticated: false,
      error: { detail: 'Nicht gefunden.' },
    });
  });
});

describe('data slices', () => {
  it('follow request, then success', () => {
    const requested = documentsReducer(initialDocumentsState, fetchDocuments.pending('r'));
    expect(requested.fetching).toBe(true);
    expect(documentsReducer(requested, fetchDocuments.fulfilled([doc], 'r'))).toEqual({
      results: [doc],
      fetching: false,
      error: null,
    });
  });

  it('keep the same objects when a refetch brings nothing new, so nothing re-renders', () => {
    const held = phonesReducer(initialPhonesState, fetchPhones.fulfilled([phone], 'r'));
    const same = phonesReducer(held, fetchPhones.fulfilled([{ ...phone }], 'r2'));
    expect(same.results).toBe(held.results);
    const changed = phonesReducer(held, fetchPhones.fulfilled([{ ...phone, name: 'Polizei (neu)' }], 'r3'));
    expect(changed.results).not.toBe(held.results);
    expect(changed.results[0]!.name).toBe('Polizei (neu)');
    const place = { id: 1, title: 'Residenz' } as Location;
    const first = locationReducer(initialLocationState, fetchLocation.fulfilled(place, 'r'));
    expect(locationReducer(first, fetchLocation.fulfilled({ ...place }, 'r2')).data).toBe(first.data);
  });

  it('a failure empties documents, phones and location', () => {
    const error = { detail: 'Interner Serverfehler.' };
    expect(
      documentsReducer(
        { ...initialDocumentsState, results: [doc] },
        fetchDocuments.rejected(null, 'r', undefined, error),
      ),
    ).toEqual({
      results: [],
      fetching: false,
      error,
    });
    expect(
      phonesReducer({ ...initialPhonesState, results: [phone] }, fetchPhones.rejected(null, 'r', undefined, error)),
    ).toEqual({
      results: [],
      fetching: false,
      error,
    });
    expect(
      locationReducer({ ...initialLocationState, data: location }, fetchLocation.rejected(null, 'r', undefined, error)),
    ).toEqual({
      data: null,
      fetching: false,
      error,
    });
  });

  it('a lost connection keeps the persisted documents, phones and location readable', () => {
    const offline = 'Network unavailable, try later.';
    expect(
      documentsReducer(
        { ...initialDocumentsState, results: [doc] },
        fetchDocuments.rejected(null, 'r', undefined, offline),
      ).results,
    ).toEqual([doc]);
    expect(
      phonesReducer({ ...initialPhonesState, results: [phone] }, fetchPhones.rejected(null, 'r', undefined, offline))
        .results,
    ).toEqual([phone]);
    expect(
      locationReducer(
        { ...initialLocationState, data: location },
        fetchLocation.rejected(null, 'r', undefined, offline),
      ).data,
    ).toEqual(location);
  });

  it('a failure of services keeps the list and records the error', () => {
    const service = { id: 3, title: 'Rezeption', icon: '', contact_text: '' };
    const state = servicesReducer(
      { ...initialServicesState, results: [service] },
      fetchServices.rejected(null, 'r', undefined, 'raw'),
    );
    expect(state.results).toEqual([service]);
    expect(state.error).toBe('raw');
  });

  it('messages keep results, count, page, comments by message id and the created message', () => {
    let state = messagesReducer(initialMessagesState, fetchMessages.pending('r', 2));
    state = messagesReducer(
      state,
      fetchMessages.fulfilled({ count: 13, next: null, previous: null, results: [message(1)], page: 2 }, 'r', 2),
    );
    expect(state).toMatchObject({ results: [message(1)], count: 13, page: 2, fetching: false });
    state = messagesReducer(state, fetchComments.fulfilled({ id: 1, results: [] }, 'r', 1));
    expect(state.comments).toEqual({ 1: [] });
    state = messagesReducer(state, messageCreated(42));
    expect(state.selectedMessage).toBe(42);
  });

  it(`keeps details and comments of the ${KEEP_OPENED_POSTS} posts opened last only`, () => {
    let state = initialMessagesState;
    for (let id = 1; id <= KEEP_OPENED_POSTS + 5; id++) {
      state = messagesReducer(state, fetchMessage.fulfilled(message(id), 'r', id));
      state = messagesReducer(state, fetchComments.fulfilled({ id, results: [] }, 'r', id));
    }
    // Post 6 opened again: it becomes the newest, so the next one pushes out post 7, not 6.
    state = messagesReducer(state, fetchMessage.fulfilled(message(6), 'r', 6));
    state = messagesReducer(state, fetchMessage.fulfilled(message(100), 'r', 100));
    expect(Object.keys(state.details)).toHaveLength(KEEP_OPENED_POSTS);
    expect(state.details[6]).toBeDefined();
    expect(state.details[7]).toBeUndefined();
    expect(state.comments[7]).toBeUndefined();
    expect(state.details[1]).toBeUndefined();
    expect(state.details[100]).toBeDefined();
    expect(state.opened.at(-1)).toBe(100);
  });

  it('ignores the answer for a page that is no longer wanted', () => {
    let state = messagesReducer(initialMessagesState, fetchMessages.pending('a', 1));
    state = messagesReducer(state, fetchMessages.pending('b', 2));
    state = messagesReducer(
      state,
      fetchMessages.fulfilled({ count: 13, next: null, previous: null, results: [message(2)], page: 2 }, 'b', 2),
    );
    state = messagesReducer(
      state,
      fetchMessages.fulfilled({ count: 13, next: null, previous: null, results: [message(1)], page: 1 }, 'a', 1),
    );
    expect(state).toMatchObject({ page: 2, results: [message(2)] });
  });

  it('disables liking while a like is sent and applies its result', () => {
    const base = { ...initialMessagesState, results: [message(1)] };
    const liking = messagesReducer(base, likeMessage.pending('r', { id: 1, isLike: true }));
    expect(liking.liking).toBe(1);
    const liked = messagesReducer(
      liking,
      likeMessage.fulfilled({ like_count: 1, self_liked: true }, 'r', { id: 1, isLike: true }),
    );
    expect(liked.liking).toBeNull();
    expect(liked.results[0]).toMatchObject({ like_count: 1, self_liked: true });
  });

  it('session reset returns every slice to its start', () => {
    expect(documentsReducer({ ...initialDocumentsState, results: [doc] }, sessionReset())).toEqual(
      initialDocumentsState,
    );
    expect(authReducer({ token: 't', authenticated: true, fetching: false, error: null }, sessionReset())).toEqual(
      initialAuthState,
    );
    expect(blackboardReducer({ blackboardOpened: 'x', unreadCount: 3, error: null }, sessionReset())).toEqual({
      blackboardOpened: null,
      unreadCount: 0,
      error: null,
    });
  });
});

describe('thunks against the API', () => {
  it('put the parsed error body into the error field, or the raw text when it is not JSON', async () => {
    const store = makeStore({ persist: false });
    mockFetch({
      'GET /api/documents/?page_size=100': { status: 500, body: { detail: 'Kaputt.' } },
      'GET /api/phones/?page_size=100': { status: 502, body: 'Bad Gateway' },
    });
    await store.dispatch(fetchDocuments());
    await store.dispatch(fetchPhones());
    expect(store.getState().documents.error).toEqual({ detail: 'Kaputt.' });
    expect(store.getState().phones.error).toBe('Bad Gateway');
  });

  it('skip fetching offline, so persisted lists and messages stay readable', async () => {
    const store = makeStore({ persist: false });
    await store.dispatch(fetchDocuments.fulfilled([doc], 'seed'));
    const calls = mockFetch({});
    setOnline(false);
    await store.dispatch(fetchDocuments());
    await store.dispatch(fetchMessages(1));
    await store.dispatch(fetchComments(1));
    expect(calls).toHaveLength(0);
    expect(store.getState().documents.results).toEqual([doc]);
  });

  it('login does not call the API when a token is already stored', async () => {
    const store = makeStore({ persist: false });
    localStorage.setItem('token', 'existing-token-1');
    const calls = mockFetch({});
    await store.dispatch(login({ apartment_number: 'A-0101', password: 'x' }));
    expect(calls).toHaveLength(0);
    expect(store.getState().auth).toMatchObject({ token: 'existing-token-1', authenticated: true });
  });

  it('login saves the token in local storage', async () => {
    const store = makeStore({ persist: false });
    mockFetch({ 'POST /api/login/': { body: { token: 'new-token-123' } } });
    await store.dispatch(login({ apartment_number: 'A-0101', password: 'x' }));
    expect(localStorage.getItem('token')).toBe('new-token-123');
    expect(store.getState().auth.token).toBe('new-token-123');
  });

  it('forgot password looks up the tenant and requests the reset with its e-mail and apartment number', async () => {
    const store = makeStore({ persist: false });
    const calls = mockFetch({
      'GET /api/tenant/?apartment_number=A-0101': { body: { email: 'a•••@example.org' } },
      'POST /api/password_reset/': { body: { status: 'OK' } },
    });
    const result = await store.dispatch(forgotPassword('A-0101')).unwrap();
    expect(result.email).toBe('a•••@example.org');
    expect(calls[1]!.body).toEqual({ email: 'a•••@example.org', apartment_number: 'A-0101' });
  });

  it('blackboard_opened gives the last visit and the unread count', async () => {
    const store = makeStore({ persist: false });
    mockFetch({
      'GET /api/blackboard_opened/7/': { body: { date_blackboard_opened: '2026-05-01T00:00:00Z', unread_count: 4 } },
    });
    await store.dispatch(fetchBlackboardOpened(7));
    expect(store.getState().blackboard).toEqual({
      blackboardOpened: '2026-05-01T00:00:00Z',
      unreadCount: 4,
      error: null,
    });
  });

  it('a like sends the given direction and refetches the messages', async () => {
    const store = makeStore({ persist: false });
    const calls = mockFetch({
      'PUT /api/messages/5/unlike/': { body: { like_count: 0, self_liked: false } },
      'GET /api/messages/?page=1': { body: { count: 1, next: null, previous: null, results: [message(5)] } },
      'GET /api/messages/5/': { body: message(5) },
    });
    await store.dispatch(likeMessage({ id: 5, isLike: false }));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/messages/5/unlike/',
      'GET /api/messages/?page=1',
      'GET /api/messages/5/',
    ]);
  });
});
