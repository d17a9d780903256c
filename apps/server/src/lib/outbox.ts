import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database.js';
import { isoFromMs, nowIso } from './time.js';

const MAX_ATTEMPTS = 5;
const RETRY_MS = 60_000;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every e-mail is first written to the outbox table, so nothing is lost when SMTP is down
 * or not configured; a sender drains it over SMTP when SMTP_URL is set.
 */
export class Outbox {
  private transport: Transporter | null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    // Mails that failed (SMTP down) are retried every minute until MAX_ATTEMPTS.
    if (this.transport) this.timer = setInterval(() => void this.flush().catch(() => undefined), RETRY_MS).unref();
  }

  /** Queues a mail and starts sending it in the background. */
  async enqueue(mail: Mail, logLine?: string): Promise<number> {
    const row = await this.db
      .insertInto('email_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        status: 'pending',
        attempts: 0,
        next_attempt_at: nowIso(),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      this.log.info(
        { outboxId: row.id, to: mail.to },
        logLine ?? `E-Mail im Postausgang (kein SMTP_URL gesetzt): ${mail.subject}`,
      );
    } else {
      this.flush().catch((err) => this.log.error({ err }, 'Postausgang konnte nicht verarbeitet werden'));
    }
    return row.id;
  }

  /** Sends every pending mail; concurrent calls share one run. Resolves when the outbox is drained. */
  flush(): Promise<void> {
    if (!this.transport) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.sendPending();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendPending(): Promise<void> {
    const rows = await this.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso())
      .orderBy('id')
      .limit(50)
      .execute();
    for (const row of rows) {
      // Claim the row first so a second server process never sends the same mail.
      const claimed = await this.db
        .updateTable('email_outbox')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        await this.transport!.sendMail({
          from: this.from,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
        });
        await this.db
          .updateTable('email_outbox')
          .set({ status: 'sent', sent_at: nowIso(), last_error: null })
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        const failed = row.attempts + 1 >= MAX_ATTEMPTS;
        // Back off 1, 2, 4, 8 minutes, so a burst of new mail while SMTP is down cannot use up
        // every attempt of the mails already waiting.
        const nextAttempt = isoFromMs(Date.now() + RETRY_MS * 2 ** row.attempts);
        await this.db
          .updateTable('email_outbox')
          .set({
            status: failed ? 'failed' : 'pending',
            last_error: String(err).slice(0, 500),
            next_attempt_at: nextAttempt,
          })
          .where('id', '=', row.id)
          .execute();
        this.log.warn({ err, outboxId: row.id }, 'E-Mail konnte nicht gesendet werden');
      }
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.transport?.close();
  }
}
