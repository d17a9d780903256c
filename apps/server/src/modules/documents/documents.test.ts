import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newDocument, newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();
const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3_600_000).toISOString();
const ICON = '/icons/document.svg';

describe.each(kinds)('documents (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let bernd: string; // Anna's neighbour
  let dora: string; // resident of the other location
  let managerUser: TestUser;
  /** Anna's two apartment documents, her location's house rules and the other location's. */
  const ids = { lease: 0, statement: 0, rules: 0, otherRules: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    const park = await newLocation(t);
    const see = await newLocation(t);
    const annaUser = await newUser(t, { locationId: park });
    const berndUser = await newUser(t, { locationId: park });
    const doraUser = await newUser(t, { locationId: see });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park, see] });
    [anna, bernd, dora] = await Promise.all([signIn(t, annaUser), signIn(t, berndUser), signIn(t, doraUser)]);
    const apartment = annaUser.apartmentNumber;
    ids.lease = await newDocument(t, park, {
      apartmentNumber: apartment,
      title: 'Mietvertrag',
      icon: ICON,
      createdAt: daysAgo(400),
    });
    ids.statement = await newDocument(t, park, {
      apartmentNumber: apartment,
      title: 'Nebenkostenabrechnung',
      icon: ICON,
      createdAt: daysAgo(30),
    });
    ids.rules = await newDocument(t, park, { title: 'Hausordnung', icon: ICON, createdAt: daysAgo(500) });
    ids.otherRules = await newDocument(t, see, { title: 'Hausordnung am See', icon: ICON, createdAt: daysAgo(500) });
  });
  afterAll(() => t.close());

  it("lists the apartment's documents and the location's, newest first", async () => {
    const res = await call(t.app, 'GET', '/api/documents/', { auth: anna });
    expect(res.status).toBe(200);
    expectPage(res.body, 3, 3);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBeNull();
    expect(res.body.results.map((d: { title: string }) => d.title)).toEqual([
      'Nebenkostenabrechnung',
      'Mietvertrag',
      'Hausordnung',
    ]);
    expect(res.body.results[0]).toEqual({
      id: ids.statement,
      title: 'Nebenkostenabrechnung',
      icon: '/icons/document.svg',
      document: expect.stringMatching(
        /^\/api\/media\/documents\/[A-Za-z0-9_-]+\.pdf\?exp=\d+&sid=\d+&sig=[A-Za-z0-9_-]+$/,
      ),
      created_at: expect.any(String),
      is_new: true,
    });
    expect(Date.parse(res.body.results[0].created_at)).toBeCloseTo(Date.parse(daysAgo(30)), -4);
  });

  it("keeps 'Neu' until the resident opens a document, for her alone, and counts an opening once", async () => {
    const newOnes = async (auth: string) =>
      (await call(t.app, 'GET', '/api/documents/', { auth })).body.results
        .filter((d: { is_new: boolean }) => d.is_new)
        .map((d: { title: string }) => d.title);
    const opened = await call(t.app, 'POST', `/api/documents/${ids.rules}/opened/`, { auth: anna });
    expect(opened.status).toBe(204);
    // Twice is the same as once (a double tap, a retry after a lost answer).
    expect((await call(t.app, 'POST', `/api/documents/${ids.rules}/opened/`, { auth: anna })).status).toBe(204);
    expect(await newOnes(anna)).toEqual(['Nebenkostenabrechnung', 'Mietvertrag']);
    expect((await call(t.app, 'GET', `/api/documents/${ids.rules}/`, { auth: anna })).body.is_new).toBe(false);
    // The neighbour has not opened the house rules yet.
    expect(await newOnes(bernd)).toEqual(['Hausordnung']);
  });

  it("answers 404 to opening another apartment's or another location's document", async () => {
    for (const [auth, id] of [
      [bernd, ids.lease],
      [dora, ids.rules],
      [anna, 999999],
    ] as const) {
      const res = await call(t.app, 'POST', `/api/documents/${id}/opened/`, { auth });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('returns one document by id', async () => {
    const res = await call(t.app, 'GET', `/api/documents/${ids.lease}/`, { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.lease,
      title: 'Mietvertrag',
      icon: '/icons/document.svg',
    });
  });

  it('serves a document as a PDF through its signed URL', async () => {
    const { body } = await call(t.app, 'GET', `/api/documents/${ids.rules}/`, { auth: anna });
    const file = await call(t.app, 'GET', body.document);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("hides the documents of one apartment from the neighbour's", async () => {
    const list = await call(t.app, 'GET', '/api/documents/', { auth: bernd });
    expectPage(list.body, 1, 1);
    expect(list.body.results[0].title).toBe('Hausordnung');
    for (const id of [ids.lease, ids.statement]) {
      const res = await call(t.app, 'GET', `/api/documents/${id}/`, { auth: bernd });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('answers 404 to a resident of another location for every document of this one', async () => {
    const list = await call(t.app, 'GET', '/api/documents/', { auth: dora });
    expect(list.body.results.map((d: { id: number; title: string }) => [d.id, d.title])).toEqual([
      [ids.otherRules, 'Hausordnung am See'],
    ]);
    for (const id of [ids.lease, ids.statement, ids.rules]) {
      const res = await call(t.app, 'GET', `/api/documents/${id}/`, { auth: dora });
      expect(res.status, String(id)).toBe(404);
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
    const manager = await signIn(t, managerUser);
    for (const url of ['/api/documents/', `/api/documents/${ids.rules}/`]) {
      const m = await call(t.app, 'GET', url, { auth: manager });
      expect(m.status, url).toBe(403);
      expect(m.body).toEqual(FORBIDDEN);
      const a = await call(t.app, 'GET', url);
      expect(a.status, url).toBe(401);
      expect(a.body).toEqual(NO_CREDENTIALS);
    }
  });
});
