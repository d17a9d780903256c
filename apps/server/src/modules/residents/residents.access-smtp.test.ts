import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, type TestApiKey } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { parseMail } from '../../../test/mail.js';
import { startServerProcess } from '../../../test/server-process.js';
import { startSmtp } from '../../../test/smtp.js';
import { runAccessJob } from './residents.job.js';
import { addDays, berlinToday } from '../auth/access-window.js';

// The invitation of a resident whose access opens by the move-in date goes out once,
// over a real SMTP server on 127.0.0.1, however often and in how many processes the access job
// runs when the day comes.

describe.each(await dialects())('the invitation when access opens, over SMTP (%s)', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let loc: number;
  let key: TestApiKey;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(dialect, { SMTP_URL: smtp.url });
    loc = await newLocation(t, { title: 'Lindenhof' });
    key = await newApiKey(t, { locationIds: [loc], scopes: ['residents:write'] });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => vi.useRealTimers());

  const put = (externalId: string, body: object) =>
    call(t.app, 'PUT', `/api/integration/residents/${externalId}`, { auth: key.auth, payload: body });
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  /** Sends what is due, then gives a second delivery time to arrive. */
  async function settleMail(): Promise<void> {
    await t.app.ctx.outbox.flush();
    await new Promise((r) => setTimeout(r, 300));
    await t.app.ctx.outbox.flush();
  }

  it('sends the invitation once when the job opens access, though the job runs twice at once and again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-10-01T10:00:00Z'), toFake: ['Date'] });
    const created = await put('ERP-SMTP-1', {
      location_id: loc,
      apartment_number: 'L-0104',
      name: 'Ella Einzug',
      email: 'ella.einzug@example.org',
      move_in_on: '2026-11-08',
    });
    expect(created.status).toBe(201);
    expect(created.body.resident).toMatchObject({ access: 'scheduled', access_opens_on: '2026-10-25' });
    await settleMail();
    expect(mailsTo('ella.einzug@example.org')).toHaveLength(0);

    // The last second before Berlin midnight of 2026-10-25 (the day the clocks go back): nothing.
    vi.setSystemTime(Date.parse('2026-10-24T21:59:59Z'));
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ opened: 0 });
    await settleMail();
    expect(mailsTo('ella.einzug@example.org')).toHaveLength(0);

    // Midnight: two runs at once (on PostgreSQL on two connections), then another.
    vi.setSystemTime(Date.parse('2026-10-24T22:00:00Z'));
    const runs = await Promise.all([runAccessJob(t.app.ctx), runAccessJob(t.app.ctx)]);
    runs.push(await runAccessJob(t.app.ctx));
    expect(runs.map((r) => r.opened).sort()).toEqual([0, 0, 1]);
    await settleMail();
    vi.setSystemTime(Date.parse('2026-10-25T10:00:00Z'));
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ opened: 0 });
    await settleMail();

    const mails = mailsTo('ella.einzug@example.org');
    expect(mails).toHaveLength(1);
    const mail = await parseMail(mails[0]!.raw);
    expect(mail.subject).toBe('Ihr Zugang zu Hausportal');
    expect(mail.text).toContain('Guten Tag Ella Einzug,');
    expect(mail.text).toContain('(Lindenhof) eingerichtet. Sie melden sich mit Ihrer Wohnungsnummer L-0104 an.');
    const token = /http:\/\/hausportal\.test\/willkommen\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();

    // The link in the mail sets the password, and the resident signs in.
    const confirmed = await call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token, password: 'Einzug-Kranich-Blau-26!', repeat_password: 'Einzug-Kranich-Blau-26!' },
    });
    expect(confirmed.status).toBe(200);
    const login = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: 'L-0104', password: 'Einzug-Kranich-Blau-26!' },
    });
    expect(login.status).toBe(200);
  });

  /** The link of the newest mail to `address`, and how many arrived. */
  async function newestLink(address: string): Promise<{ token: string; count: number }> {
    const mails = mailsTo(address);
    const text = (await parseMail(mails.at(-1)!.raw)).text;
    return { token: /(?:willkommen|forgot-password)\/([A-Za-z0-9_-]+)/.exec(text)![1]!, count: mails.length };
  }
  const setPassword = (token: string) =>
    call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token, password: 'Wieder-da-2027!', repeat_password: 'Wieder-da-2027!' },
    });

  it('invites again when a later move-out reopens the access of a resident who never set a password', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-10-01T10:00:00Z'), toFake: ['Date'] });
    const b = {
      location_id: loc,
      apartment_number: 'L-0301',
      name: 'Rita Rückkehr',
      email: 'rita.rueckkehr@example.org',
      move_in_on: '2026-09-01',
      move_out_on: '2026-09-15',
    };
    expect((await put('ERP-SMTP-3', b)).body.resident.access).toBe('open');
    await settleMail();
    const first = await newestLink('rita.rueckkehr@example.org');
    expect(first.count).toBe(1);

    // 30 days after the move-out access closes, and with it the invitation's link.
    vi.setSystemTime(Date.parse('2026-10-20T10:00:00Z'));
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ closed: 1 });
    expect((await setPassword(first.token)).status).toBe(404);

    // The ERP corrects the move-out: access reopens with a new invitation whose link works.
    const reopened = await put('ERP-SMTP-3', { ...b, move_out_on: '2027-03-31' });
    expect(reopened.body).toMatchObject({ result: 'updated', resident: { access: 'open' } });
    await settleMail();
    const second = await newestLink('rita.rueckkehr@example.org');
    expect(second.count).toBe(2);
    expect((await setPassword(second.token)).status).toBe(200);
    const login = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: 'L-0301', password: 'Wieder-da-2027!' },
    });
    expect(login.status).toBe(200);
    // Nothing more: the same record again, the job again.
    expect((await put('ERP-SMTP-3', { ...b, move_out_on: '2027-03-31' })).body.result).toBe('unchanged');
    await runAccessJob(t.app.ctx);
    await settleMail();
    expect(mailsTo('rita.rueckkehr@example.org')).toHaveLength(2);
  });

  it('invites again when the window begins after the move-in moved later', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-10-01T10:00:00Z'), toFake: ['Date'] });
    const b = {
      location_id: loc,
      apartment_number: 'L-0402',
      name: 'Sven Später',
      email: 'sven.spaeter@example.org',
      move_in_on: '2026-10-05',
    };
    expect((await put('ERP-SMTP-4', b)).body.resident.access).toBe('open');
    await settleMail();
    const first = await newestLink('sven.spaeter@example.org');

    // The move-in moves to December: access waits again and the first link no longer works.
    const later = await put('ERP-SMTP-4', { ...b, move_in_on: '2026-12-01' });
    expect(later.body.resident).toMatchObject({ access: 'scheduled', access_opens_on: '2026-11-17' });
    expect((await setPassword(first.token)).status).toBe(404);

    // Berlin midnight of 2026-11-17: the job opens access with a new invitation, once.
    vi.setSystemTime(Date.parse('2026-11-16T23:00:00Z'));
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ opened: 1 });
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ opened: 0 });
    await settleMail();
    const second = await newestLink('sven.spaeter@example.org');
    expect(second.count).toBe(2);
    expect((await setPassword(second.token)).status).toBe(200);
  });

  it('sends it once when two server processes open access at the same moment', async () => {
    const today = berlinToday();
    const created = await put('ERP-SMTP-2', {
      location_id: loc,
      apartment_number: 'L-0207',
      name: 'Paul Prozess',
      email: 'paul.prozess@example.org',
      move_in_on: addDays(today, 100),
    });
    expect(created.body.resident.access).toBe('scheduled');
    // The days pass: the window (14 days by default) begins today. The test app sends no mail.
    await t.app.ctx.db
      .updateTable('users')
      .set({ move_in_on: addDays(today, 14) })
      .where('external_id', '=', 'ERP-SMTP-2')
      .execute();

    // Two cluster workers on this database: each runs the access job as it starts.
    const server = await startServerProcess(
      {
        DATA_DIR: t.db.dataDir,
        DATABASE_URL: t.db.databaseUrl ?? '',
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'http://hausportal.test',
      },
      2,
    );
    try {
      for (let i = 0; i < 300 && mailsTo('paul.prozess@example.org').length === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500)); // a second delivery would come now
    } finally {
      await server.stop();
    }
    expect(mailsTo('paul.prozess@example.org')).toHaveLength(1);
    const subject = (await parseMail(mailsTo('paul.prozess@example.org')[0]!.raw)).subject;
    expect(subject).toBe('Ihr Zugang zu Hausportal');
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select(['access_opened_at', 'invited_at'])
      .where('external_id', '=', 'ERP-SMTP-2')
      .executeTakeFirstOrThrow();
    expect(row.access_opened_at).not.toBeNull();
    expect(row.invited_at).not.toBeNull();
  }, 90_000);
});
