import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newPhone, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();

/** The phone numbers of Anna's location in display order, written out of order below. */
const PARK_PHONES = [
  {
    name: 'Notruf Rezeption',
    number: '+49 3098 765432',
    icon: '/icons/emergency.svg',
    highlighted: true,
    hidden: false,
  },
  { name: 'Feuerwehr', number: '112', icon: '/icons/fire.svg', highlighted: false, hidden: false },
  { name: 'Polizei', number: '110', icon: '/icons/police.svg', highlighted: false, hidden: false },
  { name: 'Schlüsseldienst', number: '+49 30 2222 3333', icon: '/icons/key.svg', highlighted: false, hidden: true },
  { name: 'Gasstörung', number: '+49 800 7777 000', icon: '', highlighted: false, hidden: false },
];

describe.each(kinds)('phones (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let dora: string; // resident of the other location
  let managerUser: TestUser;
  /** The ids of PARK_PHONES, in that order. */
  let location1Ids: number[];
  beforeAll(async () => {
    t = await startApp(kind);
    const park = await newLocation(t);
    const see = await newLocation(t);
    const annaUser = await newUser(t, { locationId: park });
    const doraUser = await newUser(t, { locationId: see });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park, see] });
    [anna, dora] = await Promise.all([signIn(t, annaUser), signIn(t, doraUser)]);
    // Written in reverse, so the list must follow sort_order and not the ids.
    location1Ids = [];
    for (const [i, phone] of [...PARK_PHONES.entries()].reverse()) {
      location1Ids[i] = await newPhone(t, park, { ...phone, sortOrder: i + 1 });
    }
    await newPhone(t, see, { name: 'Notruf am See', sortOrder: 1, highlighted: true });
    await newPhone(t, see, { name: 'Feuerwehr', number: '112', sortOrder: 2 });
  });
  afterAll(() => t.close());

  it("lists the location's phone numbers in their display order", async () => {
    const res = await call(t.app, 'GET', '/api/phones/', { auth: anna });
    expect(res.status).toBe(200);
    expectPage(res.body, 5, 5);
    expect(res.body.results).toEqual(PARK_PHONES.map((p, i) => ({ id: location1Ids[i], ...p })));
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

  it('shows a resident of another location only their own numbers and 404 for those of this one', async () => {
    const list = await call(t.app, 'GET', '/api/phones/', { auth: dora });
    expectPage(list.body, 2, 2);
    expect(list.body.results.map((p: { name: string }) => p.name)).toEqual(['Notruf am See', 'Feuerwehr']);
    for (const id of location1Ids) {
      const res = await call(t.app, 'GET', `/api/phones/${id}/`, { auth: dora });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('answers 403 to the property manager and 401 to anonymous callers', async () => {
    const manager = await signIn(t, managerUser);
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
