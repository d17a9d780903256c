import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { checkResponses, dialects, startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import type { FastifyInstance } from 'fastify';

const kinds = await dialects();
const RESIDENTS = 50;

/**
 * Never a double booking (ADR 029): 50 residents ask for the same slot at the same
 * moment, through two app instances with a database connection (pool) each, as two server
 * processes on one database would. Exactly one booking exists afterwards; the 49 others get the
 * German 409 that names the clash. test/bookings-processes.test.ts shows the same, and the
 * household quota under concurrency, with the real server's two worker processes.
 */
describe.each(kinds)('booking race (%s)', (kind) => {
  let t: TestApp;
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;
  let tokens: string[];
  let users: TestUser[];
  let manager: string;
  let resourceId: number;

  beforeAll(async () => {
    t = await startApp(kind);
    const handle = openDatabase({ dataDir: t.db.dataDir, databaseUrl: t.db.databaseUrl });
    second = await buildApp({ config: testConfig(t.db), database: handle, logger: false, checkResponses });
    closeSecond = async () => {
      await second.close();
      await handle.close();
    };
    const park = await newLocation(t);
    manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    const res = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: manager,
      payload: { location_id: park, name: 'Partyraum', mode: 'slots', slot_minutes: 120, horizon_days: 30 },
    });
    expect(res.status).toBe(201);
    resourceId = res.body.id;
    users = [];
    for (let i = 0; i < RESIDENTS; i++) users.push(await newUser(t, { locationId: park }));
    tokens = await Promise.all(users.map((u) => signIn(t, u)));
  }, 120_000);
  afterAll(async () => {
    await closeSecond();
    await t.close();
  });

  it('lets exactly one of 50 simultaneous requests for one slot win; 49 get a 409 naming the clash', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    // The second slot of the day, 09:00–11:00 Berlin time, whatever its UTC offset.
    const avail = await call(t.app, 'GET', `/api/bookings/resources/${resourceId}/availability/?from=${day}&days=1`, {
      auth: tokens[0],
    });
    const target = avail.body.days[0].slots[1] as { starts_at: string; ends_at: string };
    const replies = await Promise.all(
      tokens.map((auth, i) =>
        call(i % 2 ? second : t.app, 'POST', '/api/bookings/', {
          auth,
          payload: { resource_id: resourceId, starts_at: target.starts_at, ends_at: target.ends_at },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RESIDENTS - 1);
    for (const r of replies.filter((x) => x.status === 409)) {
      expect(r.body.detail).toMatch(/^Dieser Zeitraum ist bereits gebucht: \w\w\., \d\d\.\d\d\.\d{4}, 09:00–11:00\.$/);
    }
    const rows = await t.app.ctx.db.selectFrom('bookings').selectAll().where('resource_id', '=', resourceId).execute();
    expect(rows).toHaveLength(1);
    const slots = await t.app.ctx.db
      .selectFrom('booking_slots')
      .selectAll()
      .where('resource_id', '=', resourceId)
      .execute();
    expect(slots).toHaveLength(1);
  }, 60_000);

  it("shows every change in the next view of either instance, although each keeps the week's answer", async () => {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [anna, bernd] = [tokens[2]!, tokens[3]!];
    const url = `/api/bookings/resources/${resourceId}/availability/?from=${day}&days=1`;
    const slots = (await call(t.app, 'GET', url, { auth: anna })).body.days[0].slots as {
      starts_at: string;
      ends_at: string;
    }[];
    /** The states of the day's first four slots as `auth` sees them through each instance, which must agree. */
    const states = async (auth: string) => {
      const seen = await Promise.all([t.app, second].map((app) => call(app, 'GET', url, { auth })));
      for (const r of seen) expect(r.status).toBe(200);
      expect(seen[1]!.body).toEqual(seen[0]!.body);
      return (seen[0]!.body.days[0].slots as { state: string }[]).slice(0, 4).map((s) => s.state);
    };
    const bookSlot = async (app: FastifyInstance, auth: string, i: number) => {
      const res = await call(app, 'POST', '/api/bookings/', {
        auth,
        payload: { resource_id: resourceId, starts_at: slots[i]!.starts_at, ends_at: slots[i]!.ends_at },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    expect(await states(anna)).toEqual(['free', 'free', 'free', 'free']);

    const annas = await bookSlot(t.app, anna, 0);
    expect(await states(anna)).toEqual(['mine', 'free', 'free', 'free']);
    expect(await states(bernd)).toEqual(['taken', 'free', 'free', 'free']);

    const block = await call(second, 'POST', `/api/admin/booking-resources/${resourceId}/blocks/`, {
      auth: manager,
      payload: { starts_at: slots[2]!.starts_at, ends_at: slots[2]!.ends_at, reason: 'Reinigung' },
    });
    expect(block.status).toBe(201);
    expect(await states(bernd)).toEqual(['taken', 'free', 'blocked', 'free']);
    const blockId = block.body.blocks.find((b: { reason: string }) => b.reason === 'Reinigung').id;
    const unblocked = await call(t.app, 'DELETE', `/api/admin/booking-resources/${resourceId}/blocks/${blockId}/`, {
      auth: manager,
    });
    expect(unblocked.status).toBe(204);
    expect(await states(bernd)).toEqual(['taken', 'free', 'free', 'free']);

    expect((await call(second, 'POST', `/api/bookings/mine/${annas}/cancel/`, { auth: anna })).status).toBe(200);
    expect(await states(anna)).toEqual(['free', 'free', 'free', 'free']);

    const bernds = await bookSlot(second, bernd, 1);
    expect(await states(bernd)).toEqual(['free', 'mine', 'free', 'free']);
    const cancelled = await call(t.app, 'POST', `/api/admin/bookings/${bernds}/cancel/`, {
      auth: manager,
      payload: { message: 'Wasserschaden' },
    });
    expect(cancelled.status).toBe(200);
    expect(await states(bernd)).toEqual(['free', 'free', 'free', 'free']);

    await bookSlot(t.app, bernd, 3);
    expect(await states(anna)).toEqual(['free', 'free', 'free', 'taken']);
    const erased = await call(second, 'POST', `/api/admin/residents/${users[3]!.id}/erasure/`, {
      auth: manager,
      payload: { content: 'delete' },
    });
    expect(erased.status).toBe(200);
    expect(await states(anna)).toEqual(['free', 'free', 'free', 'free']);
  });
});
