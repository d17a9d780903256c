import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startDemoApp, type TestApp } from './harness.js';
import { call, expectDrfError, loginAll, userId } from './helpers.js';

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
    t = await startDemoApp(kind);
    [anna] = await loginAll(t.app, ['A-0101']);
    const { db } = t.app.ctx;
    const now = new Date().toISOString();
    const have = async (table: 'phones' | 'documents') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('location_id', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const phones = await have('phones');
    await db
      .insertInto('phones')
      .values(
        Array.from({ length: 25 - phones }, (_, i) => ({
          location_id: 1,
          name: `Notdienst ${i + 1}`,
          number: `+49 30 555 ${String(i).padStart(4, '0')}`,
          icon: '',
          highlighted: 0,
          hidden: 0,
          sort_order: 50 + i,
        })),
      )
      .execute();
    await db
      .insertInto('documents')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          location_id: 1,
          apartment_number: null,
          title: `Aushang ${i + 1}`,
          icon: '',
          file_key: 'docs/aaaaaaaaaaaaaaaaaaaa.pdf',
          file_name: `aushang-${i + 1}.pdf`,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('services')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          location_id: 1,
          title: `Dienst ${i + 1}`,
          icon: '',
          contact_text: '',
          is_system: 0,
          sort_order: 100 + i,
        })),
      )
      .execute();
    postId = (
      await db
        .selectFrom('messages')
        .select('id')
        .where('location_id', '=', 1)
        .where('status', '=', 'approved')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    const rez = await userId(t, 'A-REZ');
    const existing = await db.selectFrom('comments').select('id').where('message_id', '=', postId).execute();
    await db
      .insertInto('comments')
      .values(
        Array.from({ length: 25 - existing.length }, (_, i) => ({
          message_id: postId,
          user_id: rez,
          text: `Kommentar ${i + 1}`,
          status: 'approved' as const,
          rejection_reason: null,
          created_at: new Date(Date.now() + i).toISOString(),
          moderated_at: now,
          moderated_by: null,
        })),
      )
      .execute();
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
    expect(res.body.results.length).toBeLessThanOrEqual(10);
  });
});
