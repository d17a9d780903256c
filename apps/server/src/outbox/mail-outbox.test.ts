import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type MailConfig } from '../config/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.js';
import { dialects, freshDatabase, startApp, type TestDatabase } from '../../test/harness.js';
import { newUser } from '../../test/factories.js';
import { call } from '../../test/helpers.js';
import { mailPriority, Outbox, REDACTED_BODY } from './mail-outbox.js';
import { countMail, requeueFailed } from './mail.repository.js';
import { freePort } from '../../test/server-process.js';

const kinds = await dialects();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** A real SMTP server on a fixed loopback port that can go down and come back on that port. */
class Mailhost {
  readonly received: { to: string; messageId: string; body: string }[] = [];
  open = 0;
  maxOpen = 0;
  /** How long the server takes to accept each mail. */
  delayMs = 0;
  private server: SMTPServer | null = null;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 50,
      onConnect: (_session, cb) => {
        this.open++;
        this.maxOpen = Math.max(this.maxOpen, this.open);
        cb();
      },
      onClose: () => {
        this.open--;
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            this.received.push({
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
              messageId: /^message-id:\s*(.*)$/im.exec(raw)![1]!.trim(),
              body: raw.slice(raw.indexOf('\r\n\r\n') + 4),
            });
            cb();
          }, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** How often each Message-ID arrived. */
  copies(): Map<string, number> {
    const m = new Map<string, number>();
    for (const r of this.received) m.set(r.messageId, (m.get(r.messageId) ?? 0) + 1);
    return m;
  }
}

/** Short timings: the same code paths as production, in milliseconds instead of minutes. */
const fast = (port: number, over: Partial<MailConfig> = {}): MailConfig => ({
  ...loadConfig({}).mail,
  smtpUrl: `smtp://127.0.0.1:${port}`,
  from: 'Hausportal <no-reply@hausportal.test>',
  retryBaseMs: 20,
  retryMaxMs: 100,
  giveUpMs: 60_000,
  pollMs: 40,
  leaseMs: 5_000,
  ...over,
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await sleep(25);
  }
}

describe.each(kinds)('outbox delivery (%s)', (kind) => {
  let test: TestDatabase;
  let db: DatabaseHandle['db'];
  let host: Mailhost;
  const outboxes: Outbox[] = [];
  const extraHandles: DatabaseHandle[] = [];

  beforeEach(async () => {
    test = await freshDatabase(kind);
    db = test.handle.db;
    await migrateToLatest(db);
    host = new Mailhost(await freePort());
  });
  afterEach(async () => {
    for (const o of outboxes.splice(0)) await o.close();
    for (const h of extraHandles.splice(0)) await h.close();
    await host.stop();
    await test.drop();
  });

  const outbox = (cfg: MailConfig, database = db) => {
    const o = new Outbox(database, silent, cfg, { publicUrl: 'http://hausportal.test', production: true });
    outboxes.push(o);
    return o;
  };
  const mail = (i: number) => ({ to: `bewohner-${i}@example.org`, subject: `Mitteilung ${i}`, text: `Text ${i}` });
  const attemptsOf = async () =>
    (await db.selectFrom('email_outbox').select('attempts').orderBy('id').execute()).map((r) => r.attempts);

  it('delivers every mail exactly once after an outage longer than the old give-up of five attempts', async () => {
    const o = outbox(fast(host.port));
    await o.start();
    for (let i = 0; i < 12; i++) await o.enqueue(mail(i));
    // The server stays down until the first mail has been tried eight times, with back-off.
    await waitFor('acht Versuche', async () => (await attemptsOf())[0]! >= 8);
    expect(await countMail(db)).toEqual({ pending: 12, sent: 0, failed: 0 });
    const row = await db.selectFrom('email_outbox').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.first_error_at).not.toBeNull();

    await host.start();
    await waitFor('alle zugestellt', async () => (await countMail(db)).sent === 12);
    await sleep(200);
    expect(host.received).toHaveLength(12);
    expect([...host.copies().values()]).toEqual(Array(12).fill(1));
    const stored = await db.selectFrom('email_outbox').select(['message_id', 'status']).execute();
    expect(new Set(stored.map((r) => r.message_id))).toEqual(new Set(host.copies().keys()));
  });

  it('sends the waiting backlog at once when the server is back, not at each mail own retry time', async () => {
    // Retries would be minutes apart; the return of the server must not wait for them.
    const o = outbox(fast(host.port, { retryBaseMs: 60_000, retryMaxMs: 60_000, pollMs: 50 }));
    for (let i = 0; i < 20; i++) await o.enqueue(mail(i));
    await o.flush();
    const waiting = await db.selectFrom('email_outbox').select(['attempts', 'next_attempt_at']).execute();
    expect(waiting.some((r) => r.attempts > 0 && Date.parse(r.next_attempt_at) > Date.now() + 30_000)).toBe(true);

    await host.start();
    // The next mail that is due (a new one) finds the server up; everything else follows with it.
    await o.enqueue(mail(99));
    await waitFor('Rückstau zugestellt', async () => (await countMail(db)).sent === 21, 5_000);
    expect(host.received).toHaveLength(21);
  });

  /** Mail queued while nobody sent it (no SMTP configured, or the process was down). */
  async function backlog(n: number): Promise<void> {
    const now = new Date().toISOString();
    await db
      .insertInto('email_outbox')
      .values(
        Array.from({ length: n }, (_, i) => ({
          to_address: `rueckstau-${i}@example.org`,
          subject: 'Rückstau',
          body_text: `Mail ${i}`,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
          message_id: `<rueckstau-${i}@hausportal.test>`,
        })),
      )
      .execute();
  }

  it('drains a backlog of 200 mails in one flush, with at most four connections at a time', async () => {
    await backlog(200);
    await host.start();
    const o = outbox(fast(host.port, { pollMs: 3_600_000 }));
    await o.flush();
    expect(await countMail(db)).toEqual({ pending: 0, sent: 200, failed: 0 });
    expect(host.received).toHaveLength(200);
    expect(host.maxOpen).toBeLessThanOrEqual(4);
    expect(host.received.map((r) => r.messageId)).toContain('<rueckstau-0@hausportal.test>');
  });

  it('sends a reset link a person waits for before an import’s 300 invitations, everyday mail before them too', async () => {
    expect(mailPriority('invitation')).toBe(1); // one invitation from the back office is everyday mail
    host.delayMs = 5;
    await host.start();
    const o = outbox(fast(host.port, { pollMs: 3_600_000, concurrency: 2 }));
    // The invitations of an import are queued first (in one transaction, as the import does), …
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 300; i++)
        await o.enqueue(
          { to: `neu-${i}@example.org`, subject: 'Einladung', text: 'Willkommen' },
          { kind: 'invitation', bulk: true, trx },
        );
    });
    // … then somebody asks for a reset link, and a notification is due.
    await o.enqueue({ to: 'wartet@example.org', subject: 'Passwort zurücksetzen', text: 'Link' }, { kind: 'reset' });
    await o.enqueue({ to: 'leser@example.org', subject: 'Neuer Beitrag', text: 'Text' }, { kind: 'notification' });
    await o.flush();
    const order = host.received.map((r) => r.to);
    expect(order).toHaveLength(302);
    // Two senders may each have taken an invitation before the reset was queued: it comes third at the latest.
    expect(order.indexOf('wartet@example.org')).toBeLessThanOrEqual(2);
    expect(order.indexOf('leser@example.org')).toBeLessThanOrEqual(3);
    const priorities = await db.selectFrom('email_outbox').select(['kind', 'priority']).distinct().execute();
    expect(priorities.sort((a, b) => a.priority - b.priority)).toEqual([
      { kind: 'reset', priority: 0 },
      { kind: 'notification', priority: 1 },
      { kind: 'invitation', priority: 2 },
    ]);
  });

  it('sends each mail once when two processes drain the same outbox', async () => {
    await backlog(60);
    await host.start();
    const second = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    extraHandles.push(second);
    const cfg = fast(host.port, { pollMs: 3_600_000 });
    await Promise.all([outbox(cfg).flush(), outbox(cfg, second.db).flush()]);
    await waitFor('alle zugestellt', async () => (await countMail(db)).sent === 60);
    await sleep(100);
    expect(host.received).toHaveLength(60);
    expect([...host.copies().values()].every((n) => n === 1)).toBe(true);
  });

  it('marks mail failed only after the give-up time of failures, keeps it, and sends it when re-queued', async () => {
    const o = outbox(fast(host.port, { giveUpMs: 300 }));
    await o.start();
    await o.enqueue(mail(1));
    await waitFor('aufgegeben', async () => (await countMail(db)).failed === 1);
    const row = await db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/^Seit 0 Stunden nicht zustellbar: /);
    expect(row.attempts).toBeGreaterThan(1);

    await host.start();
    await o.flush();
    expect(host.received).toHaveLength(0);
    expect(await requeueFailed(db)).toBe(1);
    await o.flush();
    expect(host.received).toHaveLength(1);
    expect(host.received[0]!.messageId).toBe(row.message_id);
  });

  it('on shutdown finishes the mail in hand, takes no more, and leaves none held', async () => {
    await backlog(40);
    host.delayMs = 100;
    await host.start();
    const o = outbox(fast(host.port, { pollMs: 3_600_000 }));
    const draining = o.flush();
    await waitFor('erste Mails', () => host.received.length >= 4);
    await o.close();
    await draining;
    const rows = await db.selectFrom('email_outbox').select(['status', 'locked_until']).execute();
    const sent = rows.filter((r) => r.status === 'sent').length;
    expect(sent).toBe(host.received.length);
    expect(sent).toBeLessThan(40);
    expect(rows.filter((r) => r.locked_until !== null)).toEqual([]);
  });

  it('does not send a mail another sender holds, and sends it again with the same Message-ID once its lease has run out', async () => {
    await host.start();
    const o = outbox(fast(host.port, { pollMs: 3_600_000 }));
    const id = await o.enqueue(
      { ...mail(1), text: 'Ihr Link: http://hausportal.test/forgot-password/geheim' },
      { secret: true },
    );
    await o.flush();
    expect(host.received).toHaveLength(1);
    // As if the process had crashed after the SMTP server accepted the mail and before it was marked sent:
    await db
      .updateTable('email_outbox')
      .set({ status: 'pending', sent_at: null, locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    await o.flush();
    expect(host.received).toHaveLength(1);
    await db
      .updateTable('email_outbox')
      .set({ locked_until: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', id)
      .execute();
    await o.flush();
    // At least once: the copy carries the same Message-ID, so a mail client shows it once.
    expect(host.received).toHaveLength(2);
    expect(host.received[1]!.messageId).toBe(host.received[0]!.messageId);
    const row = await db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.body_text).toBe(REDACTED_BODY);
  });
});

describe.each(kinds)('secret links in the log (%s)', (kind) => {
  async function resetLog(env: Record<string, string>): Promise<string> {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (c: Buffer) => (log += c.toString('utf8')));
    const t = await startApp(kind, { LOG_LEVEL: 'info', ...env }, undefined, stream);
    try {
      const { apartmentNumber } = await newUser(t);
      const res = await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: apartmentNumber } });
      expect(res.status).toBe(200);
      await sleep(50);
      return log;
    } finally {
      await t.close();
    }
  }

  it('prints the reset link without SMTP in development, so the flow can be tried locally', async () => {
    expect(await resetLog({})).toMatch(/forgot-password\/[A-Za-z0-9_-]{43}/);
  });

  it('never prints the reset link with NODE_ENV=production', async () => {
    const log = await resetLog({ NODE_ENV: 'production' });
    expect(log).toContain('E-Mail im Postausgang (kein SMTP_URL gesetzt)');
    expect(log).not.toMatch(/forgot-password/);
  });
});
