import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { newComment, newDocument, newLocation, newPhone, newPost, newService, newUser, signIn } from './factories.js';
import { call, expectDrfError } from './helpers.js';

const kinds = await dialects();

/** Every result of a list, following `next` from `first` the way the web client does. */
async function followAll(t: TestApp, auth: string, first: string): Promise<{ id: number }[]> {
  const all: { id: number }[] = [];
  let url: string | null = first;
  for (let i = 0; url && i < 50; i++) {
    const res = await call(t.app, 'GET', url, { auth });
    expect(res.status, url).toBe(200);
    all.push(...res.body.results);
    url = res.body.next;
  }
  return all;
}

describe.each(kinds)('lists longer than one page (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let postId: number;

  beforeAll(async () => {
    t = await startApp(kind);
    const park = await newLocation(t);
    const annaUser = await newUser(t, { locationId: park });
    const rez = await newUser(t, { locationId: park, role: 'receptionist' });
    anna = await signIn(t, annaUser);
    for (let i = 0; i < 25; i++) await newPhone(t, park, { sortOrder: 50 + i });
    for (let i = 0; i < 25; i++) await newDocument(t, park);
    // With the system services 1 and 3 the location sees 22 services.
    for (let i = 0; i < 20; i++) await newService(t, park, { sortOrder: 100 + i });
    // 26 approved posts, three pages of the blackboard; the newest has 25 comments.
    for (let i = 0; i < 25; i++) {
      await newPost(t, rez, { createdAt: new Date(Date.now() - (i + 1) * 60_000).toISOString() });
    }
    postId = await newPost(t, annaUser);
    for (let i = 0; i < 25; i++) {
      await newComment(t, postId, rez, { createdAt: new Date(Date.now() + i).toISOString() });
    }
  });
  afterAll(() => t.close());

  it.each([
    ['/api/phones/', 25],
    ['/api/comments', 25],
  ])('returns all %s entries with page_size=100 and links onward without it', async (path, expected) => {
    const url = path === '/api/comments' ? `/api/messages/${postId}/comments/` : path;
    const whole = await call(t.app, 'GET', `${url}?page_size=100`, { auth: anna });
    expect(whole.status).toBe(200);
    expect(whole.body.count).toBe(expected);
    expect(whole.body.results).toHaveLength(expected);
    expect(whole.body.next).toBeNull();

    const first = await call(t.app, 'GET', url, { auth: anna });
    expect(first.body.results).toHaveLength(10);
    expect(first.body.next).toBe(`${url}?page=2`);
    const followed = await followAll(t, anna, url);
    expect(followed.map((r) => r.id)).toEqual(whole.body.results.map((r: { id: number }) => r.id));
  });

  it('pages documents and services past ten and keeps page_size in the next link', async () => {
    for (const url of ['/api/documents/', '/api/services/']) {
      const page = await call(t.app, 'GET', `${url}?page_size=20`, { auth: anna });
      expect(page.status).toBe(200);
      expect(page.body.count).toBeGreaterThan(20);
      expect(page.body.results).toHaveLength(20);
      expect(page.body.next).toBe(`${url}?page=2&page_size=20`);
      const all = await followAll(t, anna, `${url}?page_size=20`);
      expect(all).toHaveLength(page.body.count);
      expect(new Set(all.map((r) => r.id)).size).toBe(page.body.count);
    }
  });

  it.each(['0', '101', 'viele', '2.5', '-1'])('refuses page_size=%s with a DRF field error', async (size) => {
    const res = await call(t.app, 'GET', `/api/phones/?page_size=${size}`, { auth: anna });
    expect(res.status).toBe(400);
    expectDrfError(res.body);
    expect(Object.keys(res.body)).toEqual(['page_size']);
  });

  it('keeps the blackboard at 10 posts per page whatever page_size says', async () => {
    const res = await call(t.app, 'GET', '/api/messages/?page=2&page_size=100', { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(26);
    expect(res.body.results).toHaveLength(10);
  });
});
