import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startDemoApp, type TestApp } from '../../../test/harness.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();
const digits = (s: string) => s.replace(/\s+/g, '');

describe.each(kinds)('phones (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let dora: string;
  let location1Ids: number[];
  beforeAll(async () => {
    t = await startDemoApp(kind);
    [anna, dora] = await Promise.all([login(t.app, 'A-0101'), login(t.app, 'B-0101')]);
    const rows = await t.app.ctx.db.selectFrom('phones').select('id').where('location_id', '=', 1).execute();
    location1Ids = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  it("lists the location's phone numbers in their display order", async () => {
    const res = await call(t.app, 'GET', '/api/phones/', { auth: anna });
    expect(res.status).toBe(200);
    expectPage(res.body, 7, 7);
    expect(res.body.results.map((p: { name: string }) => p.name)).toEqual([
      'Notruf Rezeption (24 Stunden)',
      'Feuerwehr und Rettungsdienst',
      'Polizei',
      'Ärztlicher Bereitschaftsdienst',
      'Hausverwaltung',
      'Schlüsselnotdienst (über die Rezeption)',
      'Gasstörung',
    ]);
    expect(res.body.results[0]).toEqual({
      id: location1Ids[0],
      name: 'Notruf Rezeption (24 Stunden)',
      number: '+49 3098 765432',
      icon: '/icons/emergency.svg',
      highlighted: true,
      hidden: false,
    });
  });

  it('has one highlighted, one hidden and one number equal to the direct number ignoring spaces', async () => {
    const { body } = await call(t.app, 'GET', '/api/phones/', { auth: anna });
    const location = await call(t.app, 'GET', '/api/location/', { auth: anna });
    type P = { name: string; number: string; highlighted: boolean; hidden: boolean };
    expect(body.results.filter((p: P) => p.highlighted)).toHaveLength(1);
    expect(body.results.filter((p: P) => p.hidden).map((p: P) => p.name)).toEqual([
      'Schlüsselnotdienst (über die Rezeption)',
    ]);
    expect(body.results.filter((p: P) => digits(p.number) === digits(location.body.direct_number))).toHaveLength(1);
  });

  it('returns one phone number by id', async () => {
    const res = await call(t.app, 'GET', `/api/phones/${location1Ids[2]}/`, { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: location1Ids[2],
      name: 'Polizei',
      number: '110',
      icon: '/icons/police.svg',
      highlighted: false,
      hidden: false,
    });
  });

  it('shows a resident of location 2 only their own numbers and 404 for those of location 1', async () => {
    const list = await call(t.app, 'GET', '/api/phones/', { auth: dora });
    expectPage(list.body, 2, 2);
    expect(list.body.results.map((p: { name: string }) => p.name)).toEqual([
      'Notruf Haus am See',
      'Feuerwehr und Rettungsdienst',
    ]);
    for (const id of location1Ids) {
      const res = await call(t.app, 'GET', `/api/phones/${id}/`, { auth: dora });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('answers 403 to the property manager and 401 to anonymous callers', async () => {
    const manager = await login(t.app, 'verwaltung@example.org');
    for (const url of ['/api/phones/', `/api/phones/${location1Ids[0]}/`]) {
      const m = await call(t.app, 'GET', url, { auth: manager });
      expect(m.status, url).toBe(403);
      expect(m.body).toEqual(FORBIDDEN);
      const a = await call(t.app, 'GET', url);
      expect(a.status, url).toBe(401);
      expect(a.body).toEqual(NO_CREDENTIALS);
    }
  });
});
