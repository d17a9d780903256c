import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { dialects, login, startApp, type TestApp } from './harness.js';
import { PASSWORD, newUser } from './factories.js';
import { call } from './helpers.js';
import { parseMail } from './mail.js';
import { REDACTED_BODY } from '../src/outbox/mail-outbox.js';
import { requeueFailed } from '../src/outbox/mail.repository.js';

const kinds = await dialects();

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

describe.each(kinds)('password reset over real SMTP (%s)', (kind) => {
  let smtp: SMTPServer;
  let t: TestApp;
  const inbox: ReceivedMail[] = [];
  const REFUSED = 'voll@example.org';
  const GREYLISTED = 'spaeter@example.org';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === REFUSED) {
          const err = new Error('Postfach voll') as Error & { responseCode: number };
          err.responseCode = 552;
          return callback(err);
        }
        if (address.address === GREYLISTED) {
          const err = new Error('Bitte spaeter erneut versuchen') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** Waits until a mail to `to` has arrived. */
  async function awaitMail(to: string): Promise<ReceivedMail> {
    await t.app.ctx.outbox.flush();
    for (let i = 0; i < 100; i++) {
      const mail = inbox.find((m) => m.to.includes(to));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`Keine E-Mail an ${to} angekommen`);
  }

  it('delivers the reset link by e-mail, sets the new password with it, and refuses the link a second time', async () => {
    const user = await newUser(t, { name: 'Hanna Holm', email: 'hanna.holm@example.org' });
    const tenant = await call(t.app, 'GET', `/api/tenant/?apartment_number=${user.apartmentNumber}`);
    expect(tenant.status).toBe(200);
    expect(tenant.body).toEqual({ email: 'h•••@example.org' });

    const requested = await call(t.app, 'POST', '/api/password_reset/', {
      payload: { email: tenant.body.email, apartment_number: user.apartmentNumber },
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ status: 'OK' });

    const mail = await awaitMail('hanna.holm@example.org');
    expect(mail.to).toEqual(['hanna.holm@example.org']);
    expect(mail.from).toBe('no-reply@hausportal.test');
    const parsed = await parseMail(mail.raw);
    const body = parsed.text;
    expect(parsed.subject).toBe('Neues Passwort für Hausportal');
    expect(parsed.html).toContain('Neues Passwort festlegen');
    expect(body).toContain('Guten Tag Hanna Holm,');
    expect(body).toContain('innerhalb der nächsten 60 Minuten');
    const link = /http:\/\/hausportal\.test\/forgot-password\/([A-Za-z0-9_-]+)/.exec(body);
    expect(link, body).not.toBeNull();
    const token = link![1]!;
    expect(token).toHaveLength(43);

    const row = await t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'hanna.holm@example.org')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // The link is in the resident's inbox; the outbox no longer holds it, and the Message-ID it
    // was sent with is the one queued, so a second send after a crash is recognisable.
    expect(row.body_text).toBe(REDACTED_BODY);
    expect(row.body_text).not.toContain(token);
    expect(parsed.messageId).toBe(row.message_id);
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@hausportal\.test>$/);

    const confirmed = await call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token, password: 'Frühling-2026!', repeat_password: 'Frühling-2026!' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'OK' });

    await login(t.app, user.login, 'Frühling-2026!');
    const old = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: user.apartmentNumber, password: PASSWORD },
    });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ non_field_errors: ['Invalid Credentials'] });

    const again = await call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token, password: 'Sommer-2026!!', repeat_password: 'Sommer-2026!!' },
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ status: 'notfound' });
    await login(t.app, user.login, 'Frühling-2026!');
  });

  it('sends one mail with a fresh link per request', async () => {
    const user = await newUser(t);
    const before = inbox.length;
    await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: user.apartmentNumber } });
    await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: user.apartmentNumber } });
    await t.app.ctx.outbox.flush();
    for (let i = 0; i < 100 && inbox.length < before + 2; i++) await new Promise((r) => setTimeout(r, 50));
    const mails = inbox.slice(before).filter((m) => m.to.includes(user.email));
    expect(mails).toHaveLength(2);
    const texts = await Promise.all(mails.map(async (m) => (await parseMail(m.raw)).text));
    const tokens = texts.map((text) => /forgot-password\/([A-Za-z0-9_-]+)/.exec(text)![1]);
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('marks a mail the SMTP server refuses for good (5xx) as failed, keeps it, and lets it be re-queued', async () => {
    const refused = await newUser(t, { email: REFUSED });
    const res = await call(t.app, 'POST', '/api/password_reset/', {
      payload: { apartment_number: refused.apartmentNumber },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK' });
    await t.app.ctx.outbox.flush();
    const row = await t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', REFUSED)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(row.last_error).toContain('Postfach voll');
    // A failed mail keeps its body, so it can be sent again.
    expect(row.body_text).toContain('forgot-password/');
    expect(inbox.some((m) => m.to.includes(REFUSED))).toBe(false);

    expect(await requeueFailed(t.app.ctx.db, [row.id])).toBe(1);
    const requeued = await t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(requeued).toMatchObject({ status: 'pending', attempts: 0, first_error_at: null });
  });

  it('keeps a mail refused for now (4xx) in the outbox and retries it later, and still answers OK', async () => {
    const greylisted = await newUser(t, { email: GREYLISTED });
    const res = await call(t.app, 'POST', '/api/password_reset/', {
      payload: { apartment_number: greylisted.apartmentNumber },
    });
    expect(res.status).toBe(200);
    await t.app.ctx.outbox.flush();
    // Still queued, and backed off: further flushes right now do not spend its attempts.
    await t.app.ctx.outbox.flush();
    const row = await t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', GREYLISTED)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, locked_until: null });
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);
    expect(row.first_error_at).not.toBeNull();
    expect(row.last_error).toContain('Bitte spaeter erneut versuchen');
    expect(inbox.some((m) => m.to.includes(GREYLISTED))).toBe(false);
  });
});
