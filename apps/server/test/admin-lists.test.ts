import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { dialects, startApp, type TestApp } from './harness.js';
import {
  newApiKey,
  newComment,
  newDocument,
  newLocation,
  newPhone,
  newPost,
  newProvider,
  newService,
  newUser,
  signIn,
} from './factories.js';
import { call } from './helpers.js';
import { walkRoutes, type WalkedRoute } from './routes.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

const kinds = await dialects();

/**
 * The back office's GET routes that answer one thing rather than a list of rows, each with why.
 * A route ending in a parameter (`/residents/:id/`) answers one row and needs no entry here.
 */
const NOT_LISTS: Record<string, string> = {
  'GET /api/admin/me/': 'the signed-in staff member',
  'GET /api/admin/two-factor/': "the caller's second factor",
  'GET /api/admin/overview/': 'the start page: one card per location',
  'GET /api/admin/moderation/summary/': 'counts for the sidebar',
  'GET /api/admin/tickets/summary/': 'counts for the sidebar',
  'GET /api/admin/tickets/board/': 'the board: its columns, each with its own count',
  'GET /api/admin/tickets/stats/': 'figures over a period',
  'GET /api/admin/tickets/stats.csv': 'a file',
  'GET /api/admin/parcels/daily/': 'a series: one entry per day of the asked period (at most a year)',
  'GET /api/admin/bookings/usage/': 'figures of a month',
};

const isPaged = (schema: ZodType | undefined) => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && ['count', 'next', 'previous', 'results'].every((k) => k in shape);
};

/** Today and the next days as Berlin dates (YYYY-MM-DD). */
const berlinDay = (plus: number) =>
  new Date(Date.now() + plus * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

/**
 * Every list of the back office pages the same way (product §5.2, ADR 010): `{count, next,
 * previous, results}`, `page_size` from 1 to 100 and `page`. The suite walks the registered
 * routes, so a list added later is in it without being named; the world below gives every
 * list at least two rows, so a list that ignores `page_size` shows.
 */
describe.each(kinds)('every back-office list pages (%s)', (kind) => {
  let t: TestApp;
  let rx: Receiver;
  let admin: string;
  let park: number;
  let keyId: number;
  let endpointId: number;

  beforeAll(async () => {
    rx = await startReceiver();
    t = await startApp(kind, { WEBHOOK_ENDPOINT_ALLOWLIST: rx.origin }, (c) => {
      c.webhooks.pollMs = 3_600_000;
    });
    park = await newLocation(t);
    await newLocation(t);
    const adminUser = await newUser(t, { role: 'admin' });
    await newUser(t, { role: 'manager', managerOf: [park] });
    admin = await signIn(t, adminUser);
    const anna = await newUser(t, { locationId: park, apartmentNumber: 'A-0101' });
    const bernd = await newUser(t, { locationId: park, apartmentNumber: 'A-0102' });
    const rita = await newUser(t, { locationId: park, role: 'receptionist', apartmentNumber: 'REZ' });
    const [annaAuth, berndAuth, ritaAuth] = await Promise.all([signIn(t, anna), signIn(t, bernd), signIn(t, rita)]);
    const ok = (res: { status: number; body: unknown }, what: string) =>
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

    // Moderation: two pending posts, two pending comments, two reports.
    const posts = [await newPost(t, anna, { status: 'pending' }), await newPost(t, bernd, { status: 'pending' })];
    const shown = await newPost(t, rita);
    await newComment(t, shown, anna, { status: 'pending' });
    await newComment(t, shown, bernd, { status: 'pending' });
    const other = await newPost(t, rita);
    for (const [who, post] of [
      [annaAuth, shown],
      [berndAuth, other],
    ] as const)
      ok(
        await call(t.app, 'POST', `/api/messages/${post}/report/`, { auth: who, payload: { reason: 'spam' } }),
        'report',
      );
    expect(posts).toHaveLength(2);

    for (let i = 0; i < 2; i++) {
      ok(
        await call(t.app, 'POST', '/api/admin/notices/', {
          auth: admin,
          payload: { title: `Aushang ${i}`, text: 'Text', location_ids: [park] },
        }),
        'notice',
      );
      await newDocument(t, park);
      await newPhone(t, park);
      const service = await newService(t, park);
      await newProvider(t, service, park, { allowFormContact: true, email: `anbieter${i}@example.org` });
    }

    // Two provider requests (and their mails), two tickets.
    const providers = await call(t.app, 'GET', `/api/admin/providers/?location_id=${park}&page_size=100`, {
      auth: admin,
    });
    for (const p of providers.body.results.filter((x: { allow_form_contact: boolean }) => x.allow_form_contact))
      ok(
        await call(t.app, 'POST', `/api/providers/${p.id}/request/`, {
          auth: annaAuth,
          payload: { text: 'Bitte um einen Termin für die Wartung.' },
        }),
        'request',
      );
    const categories = await call(t.app, 'GET', `/api/tickets/categories/`, { auth: annaAuth });
    for (const [i, who] of [annaAuth, berndAuth].entries())
      ok(
        await call(t.app, 'POST', '/api/tickets/', {
          auth: who,
          headers: { 'idempotency-key': `liste-ticket-${i}-abcdef` },
          payload: { category_id: categories.body.results[0].id, scope: 'apartment', description: 'Tropft.' },
        }),
        'ticket',
      );

    // Two keys, two endpoints of the first, two deliveries to the first endpoint (two parcels).
    keyId = (await newApiKey(t, { locationIds: [park], scopes: ['parcels:read'] })).id;
    await newApiKey(t, { locationIds: [park], scopes: ['parcels:read'] });
    for (const path of ['/a', '/b']) {
      const res = await call(t.app, 'POST', `/api/admin/integration/keys/${keyId}/webhooks/`, {
        auth: admin,
        payload: { url: `${rx.url}${path}`, events: ['parcel.logged'] },
      });
      ok(res, 'webhook');
      endpointId ??= res.body.id;
    }
    for (const [i, apartment] of ['A-0101', 'A-0102'].entries())
      ok(
        await call(t.app, 'POST', '/api/reception/parcels/', {
          auth: ritaAuth,
          headers: { 'idempotency-key': `liste-paket-${i}-abcdef` },
          payload: { apartment, carrier: 'DHL' },
        }),
        'parcel',
      );

    // Two resources, two bookings of the coming days.
    const resources: number[] = [];
    for (const name of ['Gästewohnung', 'Partyraum']) {
      const res = await call(t.app, 'POST', '/api/admin/booking-resources/', {
        auth: admin,
        payload: {
          name,
          mode: 'days',
          horizon_days: 30,
          max_length: 3,
          quota_count: 5,
          quota_period: 'month',
          cancel_hours: 0,
          location_id: park,
        },
      });
      ok(res, 'resource');
      resources.push(res.body.id);
    }
    for (const [i, who] of [annaAuth, berndAuth].entries())
      ok(
        await call(t.app, 'POST', '/api/bookings/', {
          auth: who,
          payload: { resource_id: resources[i], check_in: berlinDay(1), check_out: berlinDay(2) },
        }),
        'booking',
      );
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  /** The admin GET routes, with their path parameters filled in for a list that has one. */
  const routes = () => walkRoutes(t.app).filter((r) => r.method === 'GET' && r.who === 'admin');
  const oneRow = (r: WalkedRoute) => r.params.length > 0 && /\/:\w+\/?$/.test(r.url);
  const pathOf = (r: WalkedRoute) => {
    const path = r.path(() => String(r.url.includes('/webhooks/:id/') ? endpointId : keyId));
    return r.url === '/api/admin/apartments/' ? `${path}?location_id=${park}&` : `${path}?`;
  };

  it('answers every list the same way, or names why a route is no list', () => {
    const unpaged = routes()
      .filter((r) => !oneRow(r) && !isPaged(r.ok) && !(r.key in NOT_LISTS))
      .map((r) => r.key);
    expect(unpaged).toEqual([]);
    // An entry for a route that is gone, or that pages now, is taken out.
    const keys = new Set(routes().map((r) => r.key));
    expect(
      Object.keys(NOT_LISTS).filter((k) => !keys.has(k) || isPaged(routes().find((r) => r.key === k)?.ok)),
    ).toEqual([]);
  });

  it('gives page 2 of one row each when asked for page_size=1, with links both ways that keep the page size', async () => {
    const lists = routes().filter((r) => !oneRow(r) && isPaged(r.ok));
    expect(lists.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const r of lists) {
      expect(r.query, r.key).toEqual(expect.arrayContaining(['page', 'page_size']));
      const base = pathOf(r);
      const [first, second] = await Promise.all(
        [1, 2].map((page) => call(t.app, 'GET', `${base}page=${page}&page_size=1`, { auth: admin })),
      );
      if (first!.status !== 200 || second!.status !== 200) {
        problems.push(`${r.key}: ${first!.status} ${second!.status} ${JSON.stringify(second!.body)}`);
        continue;
      }
      const a = first!.body;
      const b = second!.body;
      if (a.count < 2) problems.push(`${r.key}: the test world has ${a.count} row(s), give it two`);
      else if (a.results.length !== 1 || b.results.length !== 1)
        problems.push(`${r.key}: ${a.results.length} and ${b.results.length} rows for page_size=1`);
      else if (JSON.stringify(a.results[0]) === JSON.stringify(b.results[0]))
        problems.push(`${r.key}: page 2 repeats page 1`);
      else if (!/[?&]page=2(&|$)/.test(a.next ?? '') || !/[?&]page_size=1(&|$)/.test(a.next ?? ''))
        problems.push(`${r.key}: next is ${a.next}`);
      else if (!/[?&]page=1(&|$)/.test(b.previous ?? '') || a.previous !== null)
        problems.push(`${r.key}: previous is ${a.previous} / ${b.previous}`);
      else {
        // Following the link gives the same page.
        const followed = await call(t.app, 'GET', a.next, { auth: admin });
        if (JSON.stringify(followed.body) !== JSON.stringify(b)) problems.push(`${r.key}: next leads elsewhere`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a page size over 100 on every list with a German field error', async () => {
    const lists = routes().filter((r) => !oneRow(r) && isPaged(r.ok));
    for (const r of lists) {
      const res = await call(t.app, 'GET', `${pathOf(r)}page_size=101`, { auth: admin });
      expect(res.status, r.key).toBe(400);
      expect(res.body.page_size, r.key).toEqual(['Höchstens 100 pro Seite.']);
    }
  });
});
