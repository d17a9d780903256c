import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { runDue } from './bookings.job.js';

const kinds = await dialects();
// A Friday in March 2026, a week before the clocks go forward (Sunday 29 March).
const NOW = Date.parse('2026-03-20T09:00:00Z');
const moveClockTo = (ms: number) => vi.useFakeTimers({ now: ms, toFake: ['Date'] });

const laundry = {
  name: 'Waschküche',
  mode: 'slots',
  slot_minutes: 120,
  day_start: '07:00',
  day_end: '22:00',
  horizon_days: 14,
  max_length: 2,
  quota_count: 2,
  quota_period: 'week',
  cancel_hours: 24,
  house_rules: 'Bitte das Flusensieb leeren.',
};
const guestFlat = {
  name: 'Gästewohnung',
  mode: 'days',
  horizon_days: 60,
  max_length: 3,
  quota_count: 1,
  quota_period: 'month',
  cancel_hours: 48,
  approval_required: true,
  fee_text: '25 € pro Nacht, bar bei der Übergabe',
};

/** Buchen: every rule on both databases, the clash in the database, the calendar files. */
describe.each(kinds)('bookings (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let anna: TestUser;
  let bernd: TestUser;
  let auth: { anna: string; bernd: string; dora: string; manager: string; outsider: string };
  let wash: number;
  let flat: number;

  beforeAll(async () => {
    moveClockTo(NOW);
    t = await startApp(kind);
    park = await newLocation(t);
    const see = await newLocation(t);
    anna = await newUser(t, { locationId: park, name: 'Anna Achter' });
    bernd = await newUser(t, { locationId: park, name: 'Bernd Berg' });
    auth = {
      anna: await signIn(t, anna),
      bernd: await signIn(t, bernd),
      dora: await signIn(t, await newUser(t, { locationId: see })),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] })),
      outsider: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see] })),
    };
    const created = await Promise.all(
      [laundry, guestFlat].map((r) =>
        call(t.app, 'POST', '/api/admin/booking-resources/', {
          auth: auth.manager,
          payload: { ...r, location_id: park },
        }),
      ),
    );
    for (const c of created) expect(c.status).toBe(201);
    wash = created[0]!.body.id;
    flat = created[1]!.body.id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const book = (who: string, payload: object) => call(t.app, 'POST', '/api/bookings/', { auth: who, payload });
  const slot = (date: string, from: string, to: string) => ({
    resource_id: wash,
    starts_at: `${date}T${from}`,
    ends_at: `${date}T${to}`,
  });
  const availability = async (who: string, id: number, from: string, days = 1) => {
    const res = await call(t.app, 'GET', `/api/bookings/resources/${id}/availability/?from=${from}&days=${days}`, {
      auth: who,
    });
    expect(res.status).toBe(200);
    return res.body as { days: { date: string; slots: { starts_at: string; ends_at: string; state: string }[] }[] };
  };

  it('shows residents the resources of their own location only, and managers set them up', async () => {
    const mine = await call(t.app, 'GET', '/api/bookings/resources/', { auth: auth.anna });
    expect(mine.body.results.map((r: { name: string }) => r.name)).toEqual(['Gästewohnung', 'Waschküche']);
    expect(mine.body.results[0]).toMatchObject({ approval_required: true, fee_text: guestFlat.fee_text, mode: 'days' });
    expect((await call(t.app, 'GET', '/api/bookings/resources/', { auth: auth.dora })).body.count).toBe(0);
    expect((await call(t.app, 'GET', `/api/bookings/resources/${wash}/`, { auth: auth.dora })).status).toBe(404);
    expect((await availabilityRes(auth.dora)).status).toBe(404);
    // Another location's manager cannot see or change it.
    expect((await call(t.app, 'GET', `/api/admin/booking-resources/${wash}/`, { auth: auth.outsider })).status).toBe(
      404,
    );
    expect(
      (
        await call(t.app, 'POST', '/api/admin/booking-resources/', {
          auth: auth.outsider,
          payload: { ...laundry, location_id: park },
        })
      ).status,
    ).toBe(404);
    // Residents cannot reach the back office; bad input is a German 400.
    expect((await call(t.app, 'GET', '/api/admin/booking-resources/', { auth: auth.anna })).status).toBe(403);
    const bad = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: auth.manager,
      payload: { ...laundry, location_id: park, day_start: '22:00', day_end: '07:00', mode: 'slots' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ day_end: ['Der Tagesbeginn muss vor dem Tagesende liegen.'] });
  });
  it("audits a resource's settings before and after a change, without its long texts", async () => {
    const created = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: auth.manager,
      payload: { ...laundry, name: 'Trockenraum', location_id: park },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const changed = await call(t.app, 'PUT', `/api/admin/booking-resources/${id}/`, {
      auth: auth.manager,
      payload: { ...laundry, name: 'Trockenraum', location_id: park, quota_count: 3, description: 'Im Keller' },
    });
    expect(changed.status).toBe(200);
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'location_id', 'before', 'after'])
      .where('entity', '=', 'booking_resource')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    // Every setting, not the house rules (a long text) nor the location (the entry's own column).
    const { house_rules: _rules, ...rest } = laundry;
    const settings = {
      ...rest,
      name: 'Trockenraum',
      approval_required: false,
      fee_text: '',
      price_per_night_cents: null,
    };
    expect(
      entries.map((e) => [e.action, e.location_id, e.before && JSON.parse(e.before), JSON.parse(e.after!)]),
    ).toEqual([
      ['booking_resource_created', park, null, settings],
      ['booking_resource_updated', park, settings, { ...settings, quota_count: 3 }],
    ]);
  });

  const availabilityRes = (who: string) =>
    call(t.app, 'GET', `/api/bookings/resources/${wash}/availability/?from=2026-03-28`, { auth: who });

  it('answers a German 400 for dates outside 2000–2100, never a 500', async () => {
    for (const from of ['9999-12-31', '0001-01-01', '2101-01-01', '1999-12-31']) {
      const res = await call(t.app, 'GET', `/api/bookings/resources/${wash}/availability/?from=${from}&days=31`, {
        auth: auth.anna,
      });
      expect(res.status, from).toBe(400);
      expect(res.body).toEqual({ from: ['Bitte ein Datum zwischen 2000 und 2100 angeben.'] });
    }
    const far = await book(auth.anna, slot('9999-12-31', '05:00:00Z', '07:00:00Z'));
    expect(far.status).toBe(400);
    expect(far.body.starts_at).toEqual(['Bitte ein Datum zwischen 2000 und 2100 angeben.']);
  });

  it('keeps seven two-hour slots from 07:00 to 22:00 Berlin time on the days the clocks change', async () => {
    for (const [before, change, offsetBefore, offsetAfter] of [
      ['2026-03-28', '2026-03-29', '06:00', '05:00'],
      ['2026-10-24', '2026-10-25', '05:00', '06:00'],
    ] as const) {
      const { days } = await availability(auth.anna, wash, before, 2);
      for (const d of days) {
        expect(d.slots).toHaveLength(7);
        expect(new Set(d.slots.map((s) => s.starts_at)).size).toBe(7);
        for (const s of d.slots) expect(Date.parse(s.ends_at) - Date.parse(s.starts_at)).toBe(2 * 3_600_000);
      }
      expect(days[0]!.slots[0]!.starts_at).toBe(`${before}T${offsetBefore}:00.000Z`);
      expect(days[1]!.slots[0]!.starts_at).toBe(`${change}T${offsetAfter}:00.000Z`);
      expect(days[1]!.slots[6]!.ends_at).toBe(`${change}T${String(Number(offsetAfter.slice(0, 2)) + 14)}:00:00.000Z`);
    }
    // Booked on the change day, 07:00–09:00 summer time is 05:00–07:00 UTC.
    const sunday = await book(auth.bernd, slot('2026-03-29', '05:00:00Z', '07:00:00Z'));
    expect(sunday.status).toBe(201);
    const { days } = await availability(auth.anna, wash, '2026-03-29');
    expect(days[0]!.slots.map((s) => s.state)).toEqual(['taken', 'free', 'free', 'free', 'free', 'free', 'free']);
    expect(
      (await call(t.app, 'POST', `/api/bookings/mine/${sunday.body.id}/cancel/`, { auth: auth.bernd })).status,
    ).toBe(200);
  });

  it('lets exactly one of two residents book a slot; the other gets a 409 naming the clash, never a name', async () => {
    const mine = await book(auth.anna, { ...slot('2026-03-28', '08:00:00Z', '10:00:00Z'), note: 'Buntwäsche' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ status: 'approved', resource_name: 'Waschküche', can_cancel: true });
    const theirs = await book(auth.bernd, slot('2026-03-28', '08:00:00Z', '10:00:00Z'));
    expect(theirs.status).toBe(409);
    expect(theirs.body).toEqual({ detail: 'Dieser Zeitraum ist bereits gebucht: Sa., 28.03.2026, 09:00–11:00.' });
    // Overlapping by one slot clashes too.
    const longer = await book(auth.bernd, slot('2026-03-28', '06:00:00Z', '10:00:00Z'));
    expect(longer.status).toBe(409);
    expect(longer.body.detail).toBe('Dieser Zeitraum ist bereits gebucht: Sa., 28.03.2026, 09:00–11:00.');

    const seen = await availability(auth.bernd, wash, '2026-03-28');
    expect(seen.days[0]!.slots[1]).toEqual({
      starts_at: '2026-03-28T08:00:00.000Z',
      ends_at: '2026-03-28T10:00:00.000Z',
      state: 'taken',
    });
    expect(JSON.stringify(seen)).not.toContain('Anna');
    expect((await availability(auth.anna, wash, '2026-03-28')).days[0]!.slots[1]!.state).toBe('mine');
    // Managers see who booked.
    const week = await call(t.app, 'GET', '/api/admin/bookings/?from=2026-03-23&days=7', { auth: auth.manager });
    expect(week.body.results).toContainEqual(
      expect.objectContaining({
        id: mine.body.id,
        resident_name: 'Anna Achter',
        apartment_number: anna.apartmentNumber,
      }),
    );
    expect(
      (await call(t.app, 'GET', '/api/admin/bookings/?from=2026-03-23&days=7', { auth: auth.outsider })).body.count,
    ).toBe(0);
  });

  it('refuses slots off the grid, in the past, beyond the horizon, too long, over the quota or in a blocked period', async () => {
    const expect400 = async (payload: object, body: object) => {
      const res = await book(auth.bernd, payload);
      expect(res.status).toBe(400);
      expectDrfError(res.body);
      expect(res.body).toEqual(body);
    };
    await expect400(slot('2026-03-30', '08:00:00Z', '10:00:00Z'), {
      starts_at: ['Bitte einen Zeitraum wählen, der auf den Zeitfenstern der Ressource liegt.'],
    });
    await expect400(slot('2026-03-19', '06:00:00Z', '08:00:00Z'), {
      starts_at: ['Dieser Zeitraum liegt in der Vergangenheit.'],
    });
    await expect400(slot('2026-04-04', '05:00:00Z', '07:00:00Z'), {
      starts_at: ['Diese Ressource kann höchstens 14 Tage im Voraus gebucht werden.'],
    });
    await expect400(slot('2026-03-30', '05:00:00Z', '11:00:00Z'), { ends_at: ['Höchstens 2 Zeitfenster am Stück.'] });
    expect((await book(auth.anna, slot('2026-04-03', '05:00:00Z', '07:00:00Z'))).status).toBe(201); // 14 days ahead: fine

    // Quota: two per household and week (Monday to Sunday, Berlin).
    expect((await book(auth.bernd, slot('2026-03-30', '05:00:00Z', '07:00:00Z'))).status).toBe(201);
    expect((await book(auth.bernd, slot('2026-03-31', '05:00:00Z', '09:00:00Z'))).status).toBe(201);
    await expect400(slot('2026-04-01', '05:00:00Z', '07:00:00Z'), {
      non_field_errors: ['Ihr Haushalt hat in dieser Woche schon 2 Buchungen für diese Ressource.'],
    });

    // A blocked period: refused with a 409, shown as blocked.
    const block = await call(t.app, 'POST', `/api/admin/booking-resources/${wash}/blocks/`, {
      auth: auth.manager,
      payload: { starts_at: '2026-03-27T06:00:00Z', ends_at: '2026-03-27T21:00:00Z', reason: 'Wartung der Maschinen' },
    });
    expect(block.status).toBe(201);
    const blocked = await book(auth.anna, slot('2026-03-27', '10:00:00Z', '12:00:00Z'));
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toContain('gesperrt');
    expect(blocked.body.detail).toContain('Wartung der Maschinen');
    expect(new Set((await availability(auth.anna, wash, '2026-03-27')).days[0]!.slots.map((s) => s.state))).toEqual(
      new Set(['blocked']),
    );
    const blockId = block.body.blocks[0].id;
    const removed = await call(t.app, 'DELETE', `/api/admin/booking-resources/${wash}/blocks/${blockId}/`, {
      auth: auth.manager,
    });
    expect(removed.status).toBe(204);
    expect((await book(auth.anna, slot('2026-03-27', '10:00:00Z', '12:00:00Z'))).status).toBe(201);
  });

  it('lets residents cancel until the deadline, after which it is a German 409', async () => {
    // Tomorrow 09:00 Berlin is 23 hours away: inside the 24-hour deadline.
    const soon = await book(auth.anna, slot('2026-03-21', '08:00:00Z', '10:00:00Z'));
    expect(soon.status).toBe(201);
    expect(soon.body.can_cancel).toBe(false);
    const late = await call(t.app, 'POST', `/api/bookings/mine/${soon.body.id}/cancel/`, { auth: auth.anna });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      'Eine Buchung kann nur bis 24 Stunden vor Beginn storniert werden. Bitte wenden Sie sich an die Hausverwaltung.',
    );
    const later = await book(auth.bernd, slot('2026-03-25', '08:00:00Z', '10:00:00Z'));
    expect((await call(t.app, 'POST', `/api/bookings/mine/${later.body.id}/cancel/`, { auth: auth.anna })).status).toBe(
      404,
    );
    const cancelled = await call(t.app, 'POST', `/api/bookings/mine/${later.body.id}/cancel/`, { auth: auth.bernd });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', status_label: 'Storniert', can_cancel: false });
    expect(
      (await call(t.app, 'POST', `/api/bookings/mine/${later.body.id}/cancel/`, { auth: auth.bernd })).status,
    ).toBe(409);
    // The slot is free again (its rows in booking_slots are gone).
    expect((await book(auth.bernd, slot('2026-03-25', '08:00:00Z', '10:00:00Z'))).status).toBe(201);
  });

  it('holds a guest-flat request until a manager approves or refuses it with a reason', async () => {
    const req = await book(auth.anna, { resource_id: flat, check_in: '2026-04-10', check_out: '2026-04-12' });
    expect(req.status).toBe(201);
    expect(req.body).toMatchObject({ status: 'pending', status_label: 'Wartet auf Freigabe', check_in: '2026-04-10' });
    const clash = await book(auth.bernd, { resource_id: flat, check_in: '2026-04-11', check_out: '2026-04-13' });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe('Dieser Zeitraum ist bereits gebucht: Fr., 10.04.2026 – So., 12.04.2026.');
    // The departure day is free for the next guest.
    const next = await book(auth.bernd, { resource_id: flat, check_in: '2026-04-12', check_out: '2026-04-14' });
    expect(next.status).toBe(201);
    const tooLong = await book(auth.bernd, { resource_id: flat, check_in: '2026-05-01', check_out: '2026-05-05' });
    expect(tooLong.body).toEqual({ check_out: ['Höchstens 3 Nächte am Stück.'] });
    const quota = await book(auth.bernd, { resource_id: flat, check_in: '2026-04-20', check_out: '2026-04-21' });
    expect(quota.body).toEqual({
      non_field_errors: ['Ihr Haushalt hat in diesem Monat schon 1 Buchung für diese Ressource.'],
    });

    const waiting = await call(t.app, 'GET', '/api/admin/bookings/?status=pending', { auth: auth.manager });
    // 'Übersicht' counts the requests waiting at the location.
    const overview = await call(t.app, 'GET', '/api/admin/overview/', { auth: auth.manager });
    expect(overview.body.locations.find((l: { id: number }) => l.id === park).pending_bookings).toBe(2);
    expect(waiting.body.results.map((b: { id: number }) => b.id).sort()).toEqual([req.body.id, next.body.id].sort());
    const noReason = await call(t.app, 'POST', `/api/admin/bookings/${next.body.id}/refuse/`, {
      auth: auth.manager,
      payload: {},
    });
    expect(noReason.status).toBe(400);
    const refused = await call(t.app, 'POST', `/api/admin/bookings/${next.body.id}/refuse/`, {
      auth: auth.manager,
      payload: { reason: 'Die Wohnung wird in dieser Zeit gestrichen.' },
    });
    expect(refused.body).toMatchObject({
      status: 'refused',
      decision_reason: 'Die Wohnung wird in dieser Zeit gestrichen.',
    });
    const approved = await call(t.app, 'POST', `/api/admin/bookings/${req.body.id}/approve/`, {
      auth: auth.manager,
      payload: {},
    });
    expect(approved.body.status).toBe('approved');
    const again = await call(t.app, 'POST', `/api/admin/bookings/${req.body.id}/approve/`, {
      auth: auth.manager,
      payload: {},
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Diese Buchung wartet nicht auf Freigabe.' });
    expect(
      (await call(t.app, 'POST', `/api/admin/bookings/${req.body.id}/approve/`, { auth: auth.outsider, payload: {} }))
        .status,
    ).toBe(404);

    // The refused nights are free again; bernd's household had its one booking of April refused.
    expect(
      (await book(auth.bernd, { resource_id: flat, check_in: '2026-04-12', check_out: '2026-04-13' })).status,
    ).toBe(201);

    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'body_text'])
      .where('to_address', 'in', [anna.email, bernd.email])
      .execute();
    const subjects = mails.map((m) => `${m.to_address} ${m.subject}`);
    expect(subjects).toContain(`${anna.email} Buchungsanfrage erhalten: Gästewohnung`);
    expect(subjects).toContain(`${anna.email} Buchung freigegeben: Gästewohnung`);
    expect(subjects).toContain(`${anna.email} Gebucht: Waschküche`);
    const refusal = mails.find((m) => m.subject === 'Buchung abgelehnt: Gästewohnung')!;
    expect(refusal.to_address).toBe(bernd.email);
    expect(refusal.body_text).toContain('Die Wohnung wird in dieser Zeit gestrichen.');
  });

  it('gives each booking as an .ics file and a secret, revocable calendar feed', async () => {
    const mine = (await call(t.app, 'GET', '/api/bookings/?page_size=50', { auth: auth.anna })).body.results as {
      id: number;
      mode: string;
      status: string;
    }[];
    const stay = mine.find((b) => b.mode === 'days')!;
    const ics = await call(t.app, 'GET', `/api/bookings/mine/${stay.id}/calendar.ics`, { auth: auth.anna });
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const events = Object.values(ical.sync.parseICS(ics.raw.toString('utf8'))).filter((e) => e?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const ev = events[0] as VEvent;
    expect(ev.summary).toBe('Gästewohnung');
    expect(ev.datetype).toBe('date');
    expect(ics.raw.toString()).toContain('DTSTART;VALUE=DATE:20260410');
    expect(ics.raw.toString()).toContain('DTEND;VALUE=DATE:20260412');
    expect((await call(t.app, 'GET', `/api/bookings/mine/${stay.id}/calendar.ics`, { auth: auth.bernd })).status).toBe(
      404,
    );

    const created = await call(t.app, 'POST', '/api/bookings/feed/', { auth: auth.anna });
    expect(created.status).toBe(201);
    const path = new URL(created.body.url).pathname;
    const feed = await call(t.app, 'GET', path);
    expect(feed.status).toBe(200);
    const feedEvents = Object.values(ical.sync.parseICS(feed.raw.toString('utf8'))).filter(
      (e) => e?.type === 'VEVENT',
    ) as VEvent[];
    const active = mine.filter((b) => b.status === 'approved' || b.status === 'pending');
    expect(feedEvents.map((e) => e.uid).sort()).toEqual(active.map((b) => `booking-${b.id}@hausportal.test`).sort());
    const wash28 = feedEvents.find((e) => e.summary === 'Waschküche' && e.description === 'Buntwäsche')!;
    expect(wash28.start.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(JSON.stringify(await call(t.app, 'GET', '/api/bookings/feed/', { auth: auth.anna }))).not.toContain(path);
    // The stored value is a hash, not the token.
    const stored = await t.app.ctx.db.selectFrom('booking_feeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(path.split('/').pop()!.replace('.ics', ''));

    const renewed = await call(t.app, 'POST', '/api/bookings/feed/', { auth: auth.anna });
    expect((await call(t.app, 'GET', path)).status).toBe(404);
    const newPath = new URL(renewed.body.url).pathname;
    expect((await call(t.app, 'GET', newPath)).status).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/bookings/feed/', { auth: auth.anna })).status).toBe(204);
    expect((await call(t.app, 'GET', newPath)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/bookings/feed/', { auth: auth.anna })).body).toEqual({
      active: false,
      url: null,
      created_at: null,
    });
  });

  it('reminds once the day before, however many processes run the job, and lets managers cancel with a message', async () => {
    const soon = await book(auth.bernd, slot('2026-03-21', '06:00:00Z', '08:00:00Z'));
    expect(soon.status).toBe(201);
    // Four runs at once, as four processes' jobs would.
    const counts = await Promise.all([1, 2, 3, 4].map(() => runDue(t.app.ctx)));
    const reminders = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('subject', '=', 'Erinnerung: Waschküche')
      .execute();
    // Bernd's slot and Anna's of 09:00 tomorrow, each reminded once by one of the four runs.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(reminders).toHaveLength(2);
    expect((await Promise.all([1, 2].map(() => runDue(t.app.ctx)))).reduce((a, b) => a + b, 0)).toBe(0);

    const cancelled = await call(t.app, 'POST', `/api/admin/bookings/${soon.body.id}/cancel/`, {
      auth: auth.manager,
      payload: { message: 'Wasserrohrbruch im Keller.' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', decision_reason: 'Wasserrohrbruch im Keller.' });
    const mail = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', bernd.email)
      .where('subject', '=', 'Buchung storniert: Waschküche')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('Wasserrohrbruch im Keller.');

    const usage = await call(t.app, 'GET', '/api/admin/bookings/usage/?month=2026-03', { auth: auth.manager });
    expect(usage.status).toBe(200);
    const washUsage = usage.body.resources.find((r: { resource_id: number }) => r.resource_id === wash);
    expect(washUsage.bookings).toBeGreaterThanOrEqual(4);
    expect(washUsage.households).toBe(2);
    expect((await call(t.app, 'GET', '/api/admin/bookings/usage/?month=März', { auth: auth.manager })).status).toBe(
      400,
    );
  });

  it('puts the bookings and the calendar subscription into the data export; erasure removes both', async () => {
    await call(t.app, 'POST', '/api/bookings/feed/', { auth: auth.anna });
    const feedPath = new URL((await call(t.app, 'POST', '/api/bookings/feed/', { auth: auth.anna })).body.url).pathname;
    const exported = await call(t.app, 'GET', '/api/profile/export/', { auth: auth.anna });
    expect(exported.status).toBe(200);
    const data = JSON.parse(exported.raw.toString('utf8'));
    expect(data.bookings).toContainEqual(
      expect.objectContaining({ resource: 'Waschküche', starts_at: '2026-03-28T08:00:00.000Z', note: 'Buntwäsche' }),
    );
    expect(data.bookings.some((b: { resource: string }) => b.resource === 'Gästewohnung')).toBe(true);
    expect(data.calendar_feed).toEqual({ created_at: expect.any(String) });
    const bernds = JSON.parse(
      (await call(t.app, 'GET', '/api/profile/export/', { auth: auth.bernd })).raw.toString('utf8'),
    );
    expect(bernds.bookings.some((b: { note: string }) => b.note === 'Buntwäsche')).toBe(false);

    const erased = await call(t.app, 'POST', `/api/admin/residents/${anna.id}/erasure/`, {
      auth: auth.manager,
      payload: { content: 'anonymize' },
    });
    expect(erased.status).toBe(200);
    expect(await t.app.ctx.db.selectFrom('bookings').select('id').where('user_id', '=', anna.id).execute()).toEqual([]);
    expect((await call(t.app, 'GET', feedPath)).status).toBe(404);
    // Her slot is free again.
    expect((await book(auth.bernd, slot('2026-03-28', '08:00:00Z', '10:00:00Z'))).status).toBe(201);
  });
});
