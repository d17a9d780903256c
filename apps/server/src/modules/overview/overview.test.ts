import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newComment, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError } from '../../../test/helpers.js';
import { insertParcel } from '../parcels/parcels.repository.js';

const kinds = await dialects();
const DAY = 24 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The back office's start page counts, per location of the filter, what waits for the
 * manager: moderation and reports, new and stale tickets, failed mails, residents who never
 * signed in, notices about to end; and never anything of a location outside the caller's.
 */
describe.each(kinds)('back office: Übersicht (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  const auth: Record<string, string> = {};
  const overview = async (who: string, query = '') => {
    const res = await call(t.app, 'GET', `/api/admin/overview/${query}`, { auth: auth[who] });
    expect(res.status).toBe(200);
    return res.body.locations as Record<string, number | string>[];
  };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Park' });
    see = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park, name: 'Anna Ahorn' });
    auth.anna = await signIn(t, anna); // signed in: 'Aktiv'
    auth.bernd = await signIn(t, await newUser(t, { locationId: park }));
    auth.manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    auth.admin = await signIn(t, await newUser(t, { role: 'admin' }));
  });
  afterAll(() => t.close());

  it('starts at zero for every location of the caller, in title order', async () => {
    const all = await overview('admin');
    expect(all.map((l) => l.title)).toEqual(['Haus am See', 'Residenz am Park']);
    expect(all[0]).toEqual({
      id: see,
      title: 'Haus am See',
      pending_messages: 0,
      pending_comments: 0,
      open_reports: 0,
      new_tickets: 0,
      stale_tickets: 0,
      failed_emails: 0,
      never_signed_in: 0,
      invited: 0,
      notices_ending: 0,
      parcels_waiting: 0,
      pending_bookings: 0,
    });
  });

  it('counts what waits at each location, and only there', async () => {
    const { db } = t.app.ctx;
    // Parcels: one waiting 8 days (counted), one waiting 6 days and one handed over (not).
    for (const [days, status] of [
      [8, 'open'],
      [6, 'open'],
      [9, 'handed_over'],
    ] as const)
      await insertParcel(db, {
        location_id: park,
        apartment_number: anna.apartmentNumber,
        carrier: 'DHL',
        pieces: 1,
        storage_place: '',
        note: '',
        handover_note: '',
        status,
        logged_at: iso(Date.now() - days * DAY),
        idempotency_key: randomUUID(),
        request_sha256: '',
      });
    // Moderation: a pending post, a pending comment, a post reported twice (one item).
    await newPost(t, anna, { status: 'pending' });
    const approved = await newPost(t, anna);
    await newComment(t, approved, anna, { status: 'pending' });
    const reported = await newPost(t, anna);
    for (const who of ['bernd']) {
      const res = await call(t.app, 'POST', `/api/messages/${reported}/report/`, {
        auth: auth[who],
        payload: { reason: 'spam' },
      });
      expect(res.status).toBe(201);
    }
    // Tickets: two new ones, one of them three days without an answer.
    const categories = (await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth.anna })).body.results;
    const ids: number[] = [];
    for (const text of ['Heizung kalt', 'Tür klemmt']) {
      const res = await call(t.app, 'POST', '/api/tickets/', {
        auth: auth.anna,
        headers: { 'idempotency-key': randomUUID() },
        payload: { category_id: categories[0].id, scope: 'apartment', description: text },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await db
      .updateTable('tickets')
      .set({ created_at: iso(Date.now() - 3 * DAY) })
      .where('id', '=', ids[0]!)
      .execute();
    // A mail that failed for good, and one of the other location.
    for (const location of [park, see])
      await db
        .insertInto('email_outbox')
        .values({
          to_address: 'x@example.org',
          subject: 'Einladung',
          body_text: 'Hallo',
          status: 'failed',
          attempts: 9,
          next_attempt_at: iso(Date.now()),
          created_at: iso(Date.now()),
          location_id: location,
        })
        .execute();
    // Residents: one who never signed in, one invited.
    await newUser(t, { locationId: park });
    const invited = await newUser(t, { locationId: park, email: 'neu@example.org' });
    const invitation = await call(t.app, 'POST', `/api/admin/residents/${invited.id}/invitation/`, {
      auth: auth.manager,
    });
    expect(invitation.status).toBeLessThan(300);
    // Notices: one ends in three days, one in ten, one never.
    const publish = (title: string, ends: number | null) =>
      call(t.app, 'POST', '/api/admin/notices/', {
        auth: auth.manager,
        payload: { title, text: 'Text', location_ids: [park], ends_at: ends === null ? null : iso(Date.now() + ends) },
      });
    for (const [title, ends] of [
      ['Bald vorbei', 3 * DAY],
      ['Noch lange', 10 * DAY],
      ['Immer', null],
    ] as const)
      expect((await publish(title, ends)).status).toBe(201);

    const [mine] = await overview('manager');
    expect(mine).toEqual({
      id: park,
      title: 'Residenz am Park',
      pending_messages: 1,
      pending_comments: 1,
      open_reports: 1,
      new_tickets: 2,
      stale_tickets: 1,
      failed_emails: 1,
      never_signed_in: 1,
      invited: 1,
      notices_ending: 1,
      parcels_waiting: 1,
      pending_bookings: 0,
    });
    // The manager of the park sees only the park; the other location's failed mail is not counted there.
    expect((await overview('manager')).map((l) => l.id)).toEqual([park]);
    const seeLine = (await overview('admin')).find((l) => l.id === see)!;
    expect(seeLine).toMatchObject({ failed_emails: 1, new_tickets: 0, pending_messages: 0 });
    // The filter narrows it to one location.
    expect((await overview('admin', `?location_id=${see}`)).map((l) => l.id)).toEqual([see]);
  });

  it('answers 404 for a location outside the caller’s, 400 for a malformed one, 403 to residents', async () => {
    const foreign = await call(t.app, 'GET', `/api/admin/overview/?location_id=${see}`, { auth: auth.manager });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);
    const bad = await call(t.app, 'GET', '/api/admin/overview/?location_id=abc', { auth: auth.manager });
    expect(bad.status).toBe(400);
    expectDrfError(bad.body);
    const resident = await call(t.app, 'GET', '/api/admin/overview/', { auth: auth.anna });
    expect(resident.status).toBe(403);
    expect(resident.body).toEqual(FORBIDDEN);
  });
});
