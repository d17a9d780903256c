import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { MailConfig } from '../config/config.js';
import type { DB } from '../db/database.js';
import type { EmailOutboxTable } from '../db/schema.js';
import { Drain, claimDue, retryDelay } from './claim.js';
import { isoFromMs, nowIso } from '../lib/time.js';
import { releaseBacklog } from './mail.repository.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The HTML version (lib/mail-layout.ts); mail clients show it, the text is the fallback. */
  html?: string;
  /** Switches this kind of mail off (List-Unsubscribe, RFC 8058 one-click). */
  unsubscribeUrl?: string;
  /** Files sent with the mail (a ticket's receipt); kept in the outbox until the mail is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Which mail goes first when many wait (issue 33 §7): a reset link someone is waiting for before
 * everyday mail (a single invitation from the back office among it), and that before bulk (an
 * import's or sync's invitations, the digests), so a 5,000-row import delays no sign-in. Within a
 * priority, oldest first.
 */
export function mailPriority(kind: MailKind | undefined, bulk = false): 0 | 1 | 2 {
  if (kind === 'reset') return 0;
  if (bulk || kind === 'digest') return 2;
  return 1;
}

/** What a mail is about, as the back office lists it. */
export type MailKind =
  | 'reset'
  | 'invitation'
  | 'provider_request'
  | 'notification'
  | 'digest'
  | 'ticket_receipt'
  | 'ticket_assignment'
  | 'accessibility_feedback'
  | 'webhook_disabled';

export interface EnqueueOptions {
  /** The body holds a secret link (password reset): redacted once sent, never logged in production. */
  secret?: boolean;
  /** What the log says instead, in development without SMTP, so the flow can be tried locally. */
  devLog?: string;
  /** What the mail is about (the back office filters and shows it). */
  kind?: MailKind;
  /** One of many queued at once (an import's invitations): sent after everyday mail. */
  bulk?: boolean;
  /** The location of the person the mail is about: only its managers see the mail; null for none. */
  locationId?: number | null;
  /**
   * A transaction to queue the mail in, so it exists exactly when the change that sends it does.
   * Sending starts only once the caller calls `kick()` after the commit.
   */
  trx?: DB;
}

/** The stored files of a mail, as nodemailer takes them. */
function attachmentsOf(json: string) {
  const files = JSON.parse(json) as { filename: string; content_type: string; base64: string }[];
  return files.map((f) => ({
    filename: f.filename,
    contentType: f.content_type,
    content: Buffer.from(f.base64, 'base64'),
  }));
}

/** What a sent mail with a secret link keeps of its body. */
export const REDACTED_BODY = '[Nach dem Versand entfernt: Die E-Mail enthielt einen geheimen Link.]';

type OutboxRow = Selectable<EmailOutboxTable>;

/** nodemailer's error fields that tell an SMTP answer from a broken connection. */
type SmtpError = { code?: string; responseCode?: number; message?: string };

/**
 * A refusal of this one mail (recipient or content) that trying again cannot change: an SMTP 5xx
 * answer, or an address nodemailer refuses before sending. Anything else (no connection, a
 * timeout, 4xx, even a rejected login, which is a configuration error) is worth retrying.
 */
export function isPermanentFailure(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as SmtpError;
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return false;
  return responseCode === undefined || (responseCode >= 500 && responseCode < 600);
}

/** The mail server cannot be reached at all: every other mail would fail the same way now. */
function isOutage(err: unknown): boolean {
  const { code } = (err ?? {}) as SmtpError;
  return code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ETIMEDOUT' || code === 'EDNS' || code === 'EAUTH';
}

/**
 * Every e-mail is written to the outbox table first and sent from there (ADR 009), so nothing is
 * lost while SMTP is down or not configured:
 * - transient failures are retried with a back-off capped at `retryMaxMs`; only a permanent
 *   refusal, or `giveUpMs` of failures, marks a mail failed, and failed mail can be re-queued;
 * - when the server comes back, or this process starts, the whole backlog is sent at once by
 *   `concurrency` senders;
 * - delivery is at least once: a crash between the SMTP server's acceptance and marking the mail
 *   sent sends it again after its lease, with the same Message-ID.
 */
export class Outbox extends Drain<OutboxRow> {
  private readonly transport: Transporter | null;
  private readonly host: string;
  protected readonly concurrency: number;
  /** Set when mail has waited for an unreachable server: the next success releases the backlog. */
  private backlogWaiting = false;
  private readonly production: boolean;

  constructor(
    private readonly db: DB,
    protected readonly log: FastifyBaseLogger,
    private readonly cfg: MailConfig,
    opts: { publicUrl: string; production: boolean },
  ) {
    super();
    this.concurrency = cfg.concurrency;
    this.host = new URL(opts.publicUrl).hostname;
    this.production = opts.production;
    this.transport = cfg.smtpUrl
      ? nodemailer.createTransport({
          url: cfg.smtpUrl,
          pool: true,
          maxConnections: cfg.concurrency,
          // nodemailer waits up to 10 minutes for a silent server; a lease must outlast a send.
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null;
  }

  /** True when mail is actually sent (SMTP_URL set). */
  get sending(): boolean {
    return this.transport !== null;
  }

  protected get enabled(): boolean {
    return this.transport !== null;
  }

  /** Sends the whole backlog now and then keeps looking for due mail every `pollMs`. */
  async start(): Promise<void> {
    if (!this.transport) {
      this.log.warn('SMTP_URL ist nicht gesetzt: E-Mails bleiben im Postausgang und werden nicht verschickt.');
      return;
    }
    await releaseBacklog(this.db);
    this.poll(this.cfg.pollMs);
    void this.flush().catch((err) => this.log.error({ err }, 'Postausgang konnte nicht verarbeitet werden'));
  }

  /** Queues a mail and starts sending it in the background; returns its outbox id. */
  async enqueue(mail: Mail, opts: EnqueueOptions = {}): Promise<number> {
    const now = nowIso();
    const row = await (opts.trx ?? this.db)
      .insertInto('email_outbox')
      .values({
        to_address: mail.to,
        // Isolates keep a value's order in the body's HTML; in a subject older mail clients draw them as boxes.
        subject: mail.subject.replace(/[\u2066-\u2069]/g, ''),
        body_text: mail.text,
        body_html: mail.html ?? null,
        unsubscribe_url: mail.unsubscribeUrl ?? null,
        attachments: mail.attachments?.length
          ? JSON.stringify(
              mail.attachments.map((a) => ({
                filename: a.filename,
                content_type: a.contentType,
                base64: a.content.toString('base64'),
              })),
            )
          : null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        message_id: `<${randomUUID()}@${this.host}>`,
        locked_until: null,
        first_error_at: null,
        contains_secret: opts.secret ? 1 : 0,
        kind: opts.kind ?? '',
        location_id: opts.locationId ?? null,
        priority: mailPriority(opts.kind, opts.bulk),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (this.transport) {
      if (!opts.trx) this.kick();
    } else if (opts.devLog && !this.production) {
      this.log.info({ outboxId: row.id, to: mail.to }, opts.devLog);
    } else {
      this.log.info({ outboxId: row.id }, `E-Mail im Postausgang (kein SMTP_URL gesetzt): ${mail.subject}`);
    }
    return row.id;
  }

  /** Takes the oldest due mail that nobody holds (lib/outbox-claim.ts). */
  protected claim(): Promise<OutboxRow | null> {
    return claimDue<OutboxRow>(this.db, 'email_outbox', this.cfg.leaseMs, { byPriority: true });
  }

  protected async send(row: OutboxRow): Promise<void> {
    try {
      await this.transport!.sendMail({
        from: this.cfg.from,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html ? { html: row.body_html } : {}),
        ...(row.unsubscribe_url
          ? {
              list: { unsubscribe: { url: row.unsubscribe_url, comment: 'Abbestellen' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
        messageId: row.message_id ?? `<outbox-${row.id}@${this.host}>`,
        ...(row.attachments ? { attachments: attachmentsOf(row.attachments) } : {}),
      });
    } catch (err) {
      await this.failed(row, err);
      return;
    }
    await this.db
      .updateTable('email_outbox')
      .set({
        status: 'sent',
        sent_at: nowIso(),
        last_error: null,
        first_error_at: null,
        locked_until: null,
        // A sent mail's files only take space; its text stays for the back office.
        attachments: null,
        ...(row.contains_secret ? { body_text: REDACTED_BODY, body_html: null } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (this.backlogWaiting) {
      // The server is back: everything that waited for it goes now, not at its own retry time.
      this.backlogWaiting = false;
      const released = await releaseBacklog(this.db);
      if (released > 0) this.log.info({ released }, 'Mailserver wieder erreichbar, sende den Rückstau');
      this.again = true;
    }
  }

  private async failed(row: OutboxRow, err: unknown): Promise<void> {
    const now = Date.now();
    const firstError = row.first_error_at ?? isoFromMs(now);
    const permanent = isPermanentFailure(err);
    const givenUp = !permanent && now - Date.parse(firstError) >= this.cfg.giveUpMs;
    // row.attempts is the count before this attempt: 30 s, 1, 2, 4, 8 minutes, then every 15.
    const retryIn = retryDelay(row.attempts, this.cfg.retryBaseMs, this.cfg.retryMaxMs);
    const message = String((err as SmtpError)?.message ?? err).slice(0, 500);
    await this.db
      .updateTable('email_outbox')
      .set({
        status: permanent || givenUp ? 'failed' : 'pending',
        last_error: givenUp
          ? `Seit ${Math.round(this.cfg.giveUpMs / 3_600_000)} Stunden nicht zustellbar: ${message}`
          : message,
        first_error_at: firstError,
        next_attempt_at: isoFromMs(now + retryIn),
        locked_until: null,
      })
      .where('id', '=', row.id)
      .execute();
    if (isOutage(err)) {
      this.unreachable = true;
      this.backlogWaiting = true;
    }
    const log = { err: { code: (err as SmtpError)?.code, message }, outboxId: row.id, attempts: row.attempts + 1 };
    if (permanent || givenUp) this.log.error(log, 'E-Mail endgültig nicht zustellbar (npm run outbox -- retry)');
    else this.log.warn(log, 'E-Mail konnte nicht gesendet werden, neuer Versuch folgt');
  }

  /** Stops sending (see Drain.stop) and closes the SMTP connections. */
  async close(waitMs = 5_000): Promise<void> {
    await this.stop(waitMs, this.db, 'email_outbox');
    this.transport?.close();
  }
}
