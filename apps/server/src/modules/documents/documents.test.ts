import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startDemoApp, type TestApp } from '../../../test/harness.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('documents (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let bernd: string;
  let dora: string;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await startDemoApp(kind);
    [anna, bernd, dora] = await Promise.all([login(t.app, 'A-0101'), login(t.app, 'A-0102'), login(t.app, 'B-0101')]);
    const rows = await t.app.ctx.db.selectFrom('documents').select(['id', 'title']).execute();
    ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
  });
  afterAll(() => t.close());

  it("lists the apartment's documents and the location's, newest first", async () => {
    const res = await call(t.app, 'GET', '/api/documents/', { auth: anna });
    expect(res.status).toBe(200);
    expectPage(res.body, 3, 3);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBeNull();
    expect(res.body.results.map((d: { title: string }) => d.title)).toEqual([
      'Nebenkostenabrechnung 2025',
      'Mietvertrag Wohnung 0101',
      'Hausordnung',
    ]);
    expect(res.body.results[0]).toEqual({
      id: ids['Nebenkostenabrechnung 2025'],
      title: 'Nebenkostenabrechnung 2025',
      icon: '/icons/document.svg',
      document: expect.stringMatching(/^\/api\/media\/documents\/[A-Za-z0-9_-]+\.pdf\?exp=\d+&sig=[A-Za-z0-9_-]+$/),
    });
  });

  it('returns one document by id', async () => {
    const res = await call(t.app, 'GET', `/api/documents/${ids['Mietvertrag Wohnung 0101']}/`, { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids['Mietvertrag Wohnung 0101'],
      title: 'Mietvertrag Wohnung 0101',
      icon: '/icons/document.svg',
    });
  });

  it('serves a document as a PDF through its signed URL', async () => {
    const { body } = await call(t.app, 'GET', `/api/documents/${ids['Hausordnung']}/`, { auth: anna });
    const file = await call(t.app, 'GET', body.document);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('hides the documents of apartment A-0101 from the neighbour in A-0102', async () => {
    const list = await call(t.app, 'GET', '/api/documents/', { auth: bernd });
    expectPage(list.body, 1, 1);
    expect(list.body.results[0].title).toBe('Hausordnung');
    for (const title of ['Mietvertrag Wohnung 0101', 'Nebenkostenabrechnung 2025']) {
      const res = await call(t.app, 'GET', `/api/documents/${ids[title]}/`, { auth: bernd });
      expect(res.status, title).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('answers 404 to a resident of location 2 for every document of location 1', async () => {
    const list = await call(t.app, 'GET', '/api/documents/', { auth: dora });
    expect(list.body.results.map((d: { title: string }) => d.title)).toEqual(['Hausordnung Haus am See']);
    for (const title of ['Mietvertrag Wohnung 0101', 'Nebenkostenabrechnung 2025', 'Hausordnung']) {
      const res = await call(t.app, 'GET', `/api/documents/${ids[title]}/`, { auth: dora });
      expect(res.status, title).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('answers 404 for an id that does not exist', async () => {
    const res = await call(t.app, 'GET', '/api/documents/999999/', { auth: anna });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('returns an empty page beyond the last one, linking back', async () => {
    const res = await call(t.app, 'GET', '/api/documents/?page=2', { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 3, next: null, previous: '/api/documents/?page=1', results: [] });
  });

  it('answers 403 to the property manager and 401 to anonymous callers', async () => {
    const manager = await login(t.app, 'verwaltung@example.org');
    for (const url of ['/api/documents/', `/api/documents/${ids['Hausordnung']}/`]) {
      const m = await call(t.app, 'GET', url, { auth: manager });
      expect(m.status, url).toBe(403);
      expect(m.body).toEqual(FORBIDDEN);
      const a = await call(t.app, 'GET', url);
      expect(a.status, url).toBe(401);
      expect(a.body).toEqual(NO_CREDENTIALS);
    }
  });
});
