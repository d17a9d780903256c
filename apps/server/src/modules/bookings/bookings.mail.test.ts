import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { parseMail, type ParsedMail } from '../../../test/mail.js';
import { startSmtp } from '../../../test/smtp.js';

// The booking's mails as residents read them, from a real SMTP server: what was booked (the
// resource by name), when, the nights and the total of a priced stay, the deadline to cancel,
// and the booking as an .ics file, parsed with a calendar library.

const kinds = await dialects();
/** Monday, 7 December 2026, 10:00 in Berlin. */
const NOW = new Date('2026-12-07T09:00:00Z');

const guestFlat = {
  name: 'Gästewohnung',
  mode: 'days',
  horizon_days: 90,
  max_length: 7,
  cancel_hours: 48,
  fee_text: '25 € pro Nacht, bar bei der Schlüsselübergabe',
  price_per_night_cents: 2500,
};

describe.each(kinds)('booking mails (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let park: number;
  let anna: TestUser;
  let amira: TestUser;
  const auth: Record<string, string> = {};

  const mailsTo = (to: string): Promise<ParsedMail[]> =>
    Promise.all(smtp.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw)));
  /** The newest mail to `to` with this subject, once the outbox has sent it. */
  async function mailTo(to: string, subject: string): Promise<ParsedMail> {
    await t.app.ctx.outbox.flush();
    await expect.poll(async () => (await mailsTo(to)).map((m) => m.subject), { timeout: 10_000 }).toContain(subject);
    return (await mailsTo(to)).filter((m) => m.subject === subject).at(-1)!;
  }
  const resource = async (payload: object) => {
    const res = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: auth.manager,
      payload: { ...payload, location_id: park },
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; price_per_night_cents: number | null };
  };
  const book = async (who: string, payload: object) => {
    const res = await call(t.app, 'POST', '/api/bookings/', { auth: auth[who], payload });
    expect(res.status).toBe(201);
    return res.body as { id: number; status: string };
  };
  /** The one all-day event of an .ics attachment, parsed by node-ical. */
  function eventOf(mail: ParsedMail): VEvent {
    const files = mail.attachments.filter((a) => a.filename.endsWith('.ics'));
    expect(files).toHaveLength(1);
    expect(files[0]!.contentType).toBe('text/calendar');
    const events = Object.values(ical.sync.parseICS(files[0]!.content.toString('utf8'))).filter(
      (e): e is VEvent => e?.type === 'VEVENT',
    );
    expect(events).toHaveLength(1);
    return events[0]!;
  }
  const day = (d: Date | undefined) =>
    d && `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    smtp = await startSmtp();
    t = await startApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'hausportal@example.org' });
    park = await newLocation(t, { title: 'Residenz am Park' });
    anna = await newUser(t, { locationId: park, name: 'Anna Ahorn', email: 'anna@example.org' });
    amira = await newUser(t, { locationId: park, name: 'Amira Amin', email: 'amira@example.org' });
    auth.anna = await signIn(t, anna);
    auth.amira = await signIn(t, amira);
    auth.manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    const arabic = await call(t.app, 'PUT', '/api/profile/', { auth: auth.amira, payload: { language: 'ar' } });
    expect(arabic.status).toBe(200);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
    await smtp.close();
  });

  it('names the resource, the nights and the total in the confirmation and attaches the stay as an .ics', async () => {
    const flat = await resource(guestFlat);
    expect(flat.price_per_night_cents).toBe(2500);
    const stay = await book('anna', { resource_id: flat.id, check_in: '2026-12-11', check_out: '2026-12-13' });
    const mail = await mailTo(anna.email, 'Gebucht: Gästewohnung');
    expect(mail.text).toContain('Gästewohnung: Fr., 11.12.2026 – So., 13.12.2026 (2 Nächte)');
    expect(mail.text).toContain('Gebühr: 50\u00a0€ für 2 Nächte (25 € pro Nacht, bar bei der Schlüsselübergabe)');
    // 48 hours before the arrival at midnight, Berlin time.
    expect(mail.text).toContain('Stornieren können Sie bis Mi., 09.12.2026, 00:00 unter „Meine Buchungen“.');
    expect(mail.text).toContain('Die Buchung liegt als Kalenderdatei (.ics) bei');
    expect(mail.attachments.map((a) => a.filename)).toEqual([`Buchung-${stay.id}.ics`]);
    const event = eventOf(mail);
    expect(event.summary).toBe('Gästewohnung');
    expect(event.datetype).toBe('date');
    expect(day(event.start)).toBe('2026-12-11');
    // DTEND is exclusive: the departure day is free for the next guest.
    expect(day(event.end)).toBe('2026-12-13');
  });

  it('writes the Arabic confirmation with the German names isolated, and the same .ics', async () => {
    const flat = await resource({ ...guestFlat, name: 'Gästewohnung Haus B' });
    await book('amira', { resource_id: flat.id, check_in: '2026-12-18', check_out: '2026-12-21' });
    const mail = await mailTo(amira.email, 'تم الحجز: Gästewohnung Haus B');
    // Each value sits in its own isolate, so 'Gästewohnung Haus B', the nights and '75 €' keep their order.
    expect(mail.text).toContain('\u2068Gästewohnung Haus B\u2069: ');
    expect(mail.text).toContain('\u2068\u20683\u2069 ليالٍ\u2069');
    expect(mail.text).toContain('\u2068\u200f75\u00a0€\u2069');
    expect(mail.text).toContain('(.ics)');
    const event = eventOf(mail);
    expect(event.summary).toBe('Gästewohnung Haus B');
    expect(day(event.start)).toBe('2026-12-18');
    expect(day(event.end)).toBe('2026-12-21');
  });

  it('names a translated resource and its fee in the reader’s language', async () => {
    const flat = await resource({
      ...guestFlat,
      name: 'Gästewohnung Haus C',
      translations: { ar: { name: 'شقة الضيوف ج', fee_text: '25 € لليلة، نقدًا عند تسليم المفاتيح' } },
    });
    await book('amira', { resource_id: flat.id, check_in: '2027-01-04', check_out: '2027-01-06' });
    const mail = await mailTo(amira.email, 'تم الحجز: شقة الضيوف ج');
    expect(mail.text).toContain('25 € لليلة، نقدًا عند تسليم المفاتيح');
    expect(mail.text).not.toContain('Gästewohnung Haus C');
    // Anna reads German: the German name and fee.
    await book('anna', { resource_id: flat.id, check_in: '2027-01-11', check_out: '2027-01-12' });
    const german = await mailTo(anna.email, 'Gebucht: Gästewohnung Haus C');
    expect(german.text).toContain('bar bei der Schlüsselübergabe');
  });

  it('shows the fee text alone without a price, sends no .ics while approval is pending, and one with the approval', async () => {
    const room = await resource({
      ...guestFlat,
      name: 'Gästezimmer',
      price_per_night_cents: null,
      approval_required: true,
    });
    expect(room.price_per_night_cents).toBeNull();
    const asked = await book('anna', { resource_id: room.id, check_in: '2027-01-08', check_out: '2027-01-10' });
    expect(asked.status).toBe('pending');
    const requested = await mailTo(anna.email, 'Buchungsanfrage erhalten: Gästezimmer');
    expect(requested.text).toContain('Gästezimmer: Fr., 08.01.2027 – So., 10.01.2027 (2 Nächte)');
    expect(requested.text).toContain('Gebühr: 25 € pro Nacht, bar bei der Schlüsselübergabe');
    expect(requested.text).not.toContain('für 2 Nächte');
    expect(requested.text).toContain('Die Hausverwaltung muss die Buchung noch freigeben');
    expect(requested.attachments).toEqual([]);

    const approve = await call(t.app, 'POST', `/api/admin/bookings/${asked.id}/approve/`, {
      auth: auth.manager,
      payload: { reason: 'Schlüssel liegt an der Rezeption.' },
    });
    expect(approve.status).toBe(200);
    const approved = await mailTo(anna.email, 'Buchung freigegeben: Gästezimmer');
    expect(approved.text).toContain('Gästezimmer: Fr., 08.01.2027 – So., 10.01.2027 (2 Nächte)');
    expect(approved.text).toContain('Schlüssel liegt an der Rezeption.');
    expect(approved.text).toContain('Stornieren können Sie bis');
    expect(eventOf(approved).summary).toBe('Gästezimmer');
  });

  it('keeps the price per night in the resource, refuses a price that is no whole number of cents, and audits it', async () => {
    const bad = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: auth.manager,
      payload: { ...guestFlat, name: 'Ferienwohnung', location_id: park, price_per_night_cents: 25.5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ price_per_night_cents: ['Ein Preis in Cent von 0 bis 1000000 (10.000 €).'] });
    const flat = await resource({ ...guestFlat, name: 'Ferienwohnung' });
    const changed = await call(t.app, 'PUT', `/api/admin/booking-resources/${flat.id}/`, {
      auth: auth.manager,
      payload: { ...guestFlat, name: 'Ferienwohnung', location_id: park, price_per_night_cents: 3000 },
    });
    expect(changed.status).toBe(200);
    const seen = await call(t.app, 'GET', `/api/bookings/resources/${flat.id}/`, { auth: auth.anna });
    expect(seen.body.price_per_night_cents).toBe(3000);
    const entry = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity', '=', 'booking_resource')
      .where('entity_id', '=', flat.id)
      .where('action', '=', 'booking_resource_updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ price_per_night_cents: 2500 });
    expect(JSON.parse(entry.after!)).toMatchObject({ price_per_night_cents: 3000 });
  });
});
