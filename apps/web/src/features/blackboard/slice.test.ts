import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { restoreSpecDelays } from '@/test/setup';
import { likeMessage } from './slice';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('likes', () => {
  it('are sent after 100 ms, not after the 500 ms other calls wait', async () => {
    restoreSpecDelays();
    vi.useFakeTimers();
    const store = makeStore({ persist: false });
    const calls = mockFetch({
      'PUT /api/messages/5/like/': { body: { like_count: 1, self_liked: true } },
      'GET /api/messages/?page=1': { body: { count: 0, next: null, previous: null, results: [] } },
      'GET /api/messages/5/': { body: { id: 5 } as Message },
    });
    void store.dispatch(likeMessage({ id: 5, isLike: true }));
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(0);
    // The button stays disabled meanwhile.
    expect(store.getState().messages.liking).toBe(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('PUT /api/messages/5/like/');
  });
});
