import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { call } from './helpers.js';
import { newLocation, newUser, signIn } from './factories.js';
import { request, startServerProcess, type ServerProcess } from './server-process.js';

const kinds = await dialects();
const RESIDENTS = 50;

/**
 * Never a double booking (ADR 029), shown on the real server: `server.ts` as a cluster
 * of two worker processes on one SQLite file or one PostgreSQL database. 50 residents ask for the
 * same slot at the same moment, each on a connection of its own, which the cluster hands to its
 * workers in turn; the request log says which process answered which request.
 */
describe.each(kinds)('bookings through two server processes (%s)', (kind) => {
  let t: TestApp;
  let server: ServerProcess;
  let tokens: string[];
  let household: string;
  let party: number;
  let laundry: number;

  beforeAll(async () => {
    // The world is built in this process, on the database the server then opens.
    t = await startApp(kind);
    const park = await newLocation(t);
    const manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    const resource = async (payload: object) => {
      const res = await call(t.app, 'POST', '/api/admin/booking-resources/', {
        auth: manager,
        payload: { location_id: park, mode: 'slots', horizon_days: 30, ...payload },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    party = await resource({ name: 'Partyraum', slot_minutes: 120 });
    laundry = await resource({ name: 'Waschküche', slot_minutes: 60, quota_count: 2, quota_period: 'week' });
    // signIn answers the Authorization header; the server process is sent the bare token.
    const token = async () => (await signIn(t, await newUser(t, { locationId: park }))).replace(/^Token /, '');
    tokens = [];
    for (let i = 0; i < RESIDENTS; i++) tokens.push(await token());
    household = await token();
    await t.app.close();
    server = await startServerProcess({ DATA_DIR: t.db.dataDir, DATABASE_URL: t.db.databaseUrl ?? '' }, 2);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await t?.db.drop();
  });

  const slotsOf = async (resource: number, from: string, days: number) => {
    const res = await request(
      server.port,
      'GET',
      `/api/bookings/resources/${resource}/availability/?from=${from}&days=${days}`,
      {
        token: household,
      },
    );
    expect(res.status).toBe(200);
    return (res.body.days as { slots: { starts_at: string; ends_at: string; state: string }[] }[]).flatMap(
      (d) => d.slots,
    );
  };
  const bookingsOf = (resource: number) =>
    t.db.handle.db.selectFrom('bookings').select('id').where('resource_id', '=', resource).execute();
  /** The pids of the workers that answered these replies (their log lines may come a moment later). */
  const pids = async (replies: { headers: IncomingHttpHeaders }[]) => {
    const ids = replies.map((r) => String(r.headers['x-request-id']));
    for (let i = 0; i < 50 && ids.some((id) => !server.pidOf(id)); i++) await new Promise((r) => setTimeout(r, 100));
    return new Set(ids.map((id) => server.pidOf(id)));
  };

  it('lets exactly one of 50 simultaneous requests for one slot win; 49 get a 409 naming the clash', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    // The second slot of the day, 09:00–11:00 Berlin time, whatever its UTC offset.
    const target = (await slotsOf(party, day, 1))[1]!;
    const replies = await Promise.all(
      tokens.map((token) =>
        request(server.port, 'POST', '/api/bookings/', {
          token,
          json: { resource_id: party, starts_at: target.starts_at, ends_at: target.ends_at },
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    const lost = replies.filter((r) => r.status !== 201);
    expect(lost.map((r) => r.status)).toEqual(Array(RESIDENTS - 1).fill(409));
    for (const r of lost)
      expect(r.body.detail).toMatch(/^Dieser Zeitraum ist bereits gebucht: \w\w\., \d\d\.\d\d\.\d{4}, 09:00–11:00\.$/);
    expect(await bookingsOf(party)).toHaveLength(1);
    // Both workers took part: each answered some of the 50.
    const answered = await pids(replies);
    expect(answered.has(undefined)).toBe(false);
    expect(answered.size).toBe(2);
  }, 60_000);

  it('holds a household to its quota of 2 a week when it asks for 20 free slots at once through both', async () => {
    // Monday of next week and the day after: 30 free hourly slots in one quota week.
    const today = new Date();
    const monday = new Date(today.getTime() + ((8 - today.getUTCDay()) % 7 || 7) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const free = (await slotsOf(laundry, monday, 2)).filter((s) => s.state === 'free').slice(0, 20);
    expect(free).toHaveLength(20);
    const replies = await Promise.all(
      free.map((slot) =>
        request(server.port, 'POST', '/api/bookings/', {
          token: household,
          json: { resource_id: laundry, starts_at: slot.starts_at, ends_at: slot.ends_at },
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        non_field_errors: ['Ihr Haushalt hat in dieser Woche schon 2 Buchungen für diese Ressource.'],
      });
    }
    expect(await bookingsOf(laundry)).toHaveLength(2);
    expect((await pids(replies)).size).toBe(2);
  }, 60_000);
});
