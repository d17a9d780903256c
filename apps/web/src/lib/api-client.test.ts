import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import {
  ApiError,
  OFFLINE_MESSAGE,
  api,
  getAll,
  parseErrorBody,
  pauseBeforeSending,
  setUnauthorizedHandler,
  uploadWithProgress,
} from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it("fails before sending anything while offline, with 'Network unavailable, try later.'", async () => {
    const calls = mockFetch({ 'GET /api/phones/': { body: { results: [] } } });
    setOnline(false);
    await expect(api.get('/api/phones/')).rejects.toThrow('Network unavailable, try later.');
    await expect(uploadWithProgress('/api/profile/', new FormData(), () => undefined)).rejects.toThrow(OFFLINE_MESSAGE);
    expect(calls).toHaveLength(0);
  });

  it('sends the token in the Authorization header, but not on anonymous calls', async () => {
    localStorage.setItem('token', 'abc123abc123');
    const calls = mockFetch({ 'GET /api/profile/': { body: {} }, 'POST /api/login/': { body: { token: 't' } } });
    await api.get('/api/profile/');
    await api.post('/api/login/', { apartment_number: 'A', password: 'p' }, true);
    expect(calls[0]!.headers.Authorization).toBe('Token abc123abc123');
    expect(calls[1]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.headers['Content-Type']).toBe('application/json');
  });

  it("names the screen's language in Accept-Language, so the server answers in it", async () => {
    const calls = mockFetch({ 'GET /api/phones/': { body: { results: [] } } });
    document.documentElement.lang = 'tr';
    try {
      await api.get('/api/phones/');
    } finally {
      document.documentElement.lang = 'de';
    }
    await api.get('/api/phones/');
    expect(calls[0]!.headers['Accept-Language']).toBe('tr');
    expect(calls[1]!.headers['Accept-Language']).toBe('de');
  });

  it('on 401 clears local storage, calls the handler and raises the server message', async () => {
    localStorage.setItem('token', 'abc123abc123');
    localStorage.setItem('persist:user', '{}');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/profile/': { status: 401, body: { detail: 'Ungültiges Token.' } } });
    await expect(api.get('/api/profile/')).rejects.toThrow('Ungültiges Token.');
    expect(localStorage.length).toBe(0);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('raises other errors with the body as text, which slices parse', async () => {
    mockFetch({ 'PUT /api/profile/changepassword/': { status: 400, body: { old_password: ['Wrong password'] } } });
    const error = await api.put('/api/profile/changepassword/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('{"old_password":["Wrong password"]}');
    expect(parseErrorBody(error)).toEqual({ old_password: ['Wrong password'] });
  });

  it('keeps the raw error when the body is not JSON', async () => {
    mockFetch({ 'GET /api/location/': { status: 502, body: 'Bad Gateway' } });
    const error = await api.get('/api/location/').catch((e: unknown) => e);
    expect(parseErrorBody(error)).toBe('Bad Gateway');
  });

  it('reads a whole list by following next, so the 11th entry is not lost', async () => {
    const entry = (id: number) => ({ id });
    const calls = mockFetch({
      'GET /api/messages/7/comments/?page_size=100': {
        body: {
          count: 205,
          next: '/api/messages/7/comments/?page=2&page_size=100',
          previous: null,
          results: Array.from({ length: 100 }, (_, i) => entry(i + 1)),
        },
      },
      'GET /api/messages/7/comments/?page=2&page_size=100': {
        body: {
          count: 205,
          next: '/api/messages/7/comments/?page=3&page_size=100',
          previous: '/api/messages/7/comments/?page_size=100',
          results: Array.from({ length: 100 }, (_, i) => entry(i + 101)),
        },
      },
      'GET /api/messages/7/comments/?page=3&page_size=100': {
        body: {
          count: 205,
          next: null,
          previous: null,
          results: [entry(201), entry(202), entry(203), entry(204), entry(205)],
        },
      },
    });
    const all = await getAll<{ id: number }>('/api/messages/7/comments/');
    expect(all.map((c) => c.id)).toEqual(Array.from({ length: 205 }, (_, i) => i + 1));
    expect(calls).toHaveLength(3);
  });

  it('fails the whole list when a later page fails, instead of showing part of it as complete', async () => {
    mockFetch({
      'GET /api/phones/?page_size=100': {
        body: { count: 150, next: '/api/phones/?page=2&page_size=100', previous: null, results: [{ id: 1 }] },
      },
      'GET /api/phones/?page=2&page_size=100': { status: 503, body: { detail: 'Wartung.' } },
    });
    await expect(getAll('/api/phones/')).rejects.toThrow('{"detail":"Wartung."}');
  });
});

describe('pause before sending', () => {
  it('fails at once offline, with the spec error value, instead of waiting the pause out', async () => {
    vi.useFakeTimers();
    try {
      setOnline(false);
      await expect(pauseBeforeSending(500)).rejects.toMatchObject({ status: 0, message: OFFLINE_MESSAGE });
      setOnline(true);
      let done = false;
      const pause = pauseBeforeSending(500).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(499);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await pause;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
