import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import webpush from 'web-push';
import { RTL_LANGUAGES, type Language, type NotificationKind } from '@hausportal/contract';
import type { PushConfig } from '../config/config.js';
import type { DB } from '../db/database.js';
import type { PushOutboxTable } from '../db/schema.js';
import { Drain, claimDue, retryDelay } from './claim.js';
import { isoFromMs, nowIso } from '../lib/time.js';
import { vapidKeys } from './vapid.js';
import { parseSubscription, pushEndpointAllowed } from './push-endpoint.js';

type PushRow = Selectable<PushOutboxTable>;

/** What the service worker receives (apps/web/src/sw.ts shows it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification with the same tag instead of adding one. */
  tag: string;
  /** The language the texts are written in (the recipient's), and 'rtl' for Arabic. */
  lang: Language;
  dir?: 'rtl';
}

/** A push to queue (notifier.ts builds it from an event). */
export interface QueuedPush {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The route the push opens, e.g. /messages/view/12. */
  url: string;
  /** A 'Wichtig' notice: pushed at once, in quiet hours too, and whatever the push switch says. */
  urgent?: boolean;
  /** The language of the texts (and of a bundle's title). */
  lang: Language;
  /**
   * At most one push per `windowMs` and user: further events update the waiting push to
   * `title(n)` for n events, opening `url` (the hourly blackboard bundle, the managers' 15 minutes).
   */
  bundle?: { windowMs: number; title: (n: number) => string; url: string };
}

/** Sent rows are kept this long: the hourly bundle and the 15-minute limit read them. */
const KEEP_SENT_MS = 7 * 24 * 3_600_000;

/**
 * Sends the push outbox (ADR 016), with the mail outbox's lease and back-off (lib/outbox-claim.ts):
 * - a push service's 404 or 410 means the subscription is gone: it is deleted with its pushes;
 * - 429, 5xx and network errors are retried; other refusals, or a day of failures, give up;
 * - each row is sent with the Topic header and the notification tag `hp-<id>`, so a push sent
 *   again after a crash replaces the first one on the device instead of showing twice.
 */
export class PushOutbox extends Drain<PushRow> {
  protected readonly concurrency: number;
  private started = false;
  /** The VAPID keys never change once made (push.repository.ts); read once, not per push. */
  private keys: ReturnType<typeof vapidKeys> | null = null;
  /** The signed VAPID header per push service, reused until an hour before it expires (12 h). */
  private readonly vapid = new Map<string, { header: string; until: number }>();

  constructor(
    private readonly db: DB,
    protected readonly log: FastifyBaseLogger,
    private readonly cfg: PushConfig,
  ) {
    super();
    this.concurrency = cfg.concurrency;
  }

  protected get enabled(): boolean {
    return this.started;
  }

  /** Sends what is due now, then looks again every `pollMs` (pushes held for quiet hours come due later). */
  async start(): Promise<void> {
    this.started = true;
    this.poll(this.cfg.pollMs);
    await this.db
      .deleteFrom('push_outbox')
      .where('sent_at', '<', isoFromMs(Date.now() - KEEP_SENT_MS))
      .execute();
    this.kick();
  }

  /**
   * Queues one push per subscription of `userIds`, in the caller's transaction; `holdUntil` moves
   * a user's push out of their quiet hours. A bundled kind updates the subscription's waiting
   * push instead, or waits until its window since the last one sent has passed.
   */
  async enqueue(
    trx: DB,
    n: QueuedPush,
    userIds: number[],
    now: number,
    holdUntil: (userId: number, at: number) => number,
  ): Promise<void> {
    const subs = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id'])
      .where('user_id', 'in', userIds)
      .execute();
    if (!subs.length) return;
    const body = n.body;
    const createdAt = isoFromMs(now);
    const due = (ms: number, userId: number) => isoFromMs(holdUntil(userId, ms));
    const fresh = (sub: { id: number; user_id: number }, at: number) => ({
      subscription_id: sub.id,
      user_id: sub.user_id,
      kind: n.kind,
      title: n.title,
      body,
      url: n.url,
      urgent: n.urgent ? 1 : 0,
      lang: n.lang,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: due(at, sub.user_id),
      created_at: createdAt,
    });
    if (!n.bundle) {
      await trx
        .insertInto('push_outbox')
        .values(subs.map((s) => fresh(s, now)))
        .execute();
      return;
    }
    const { windowMs, title } = n.bundle;
    const subIds = subs.map((s) => s.id);
    const waiting = await trx
      .selectFrom('push_outbox')
      .select(['id', 'subscription_id', 'bundle_count', 'attempts', 'locked_until'])
      .where('subscription_id', 'in', subIds)
      .where('kind', '=', n.kind)
      .where('status', '=', 'pending')
      .execute();
    const lastSent = await trx
      .selectFrom('push_outbox')
      .select(['subscription_id', (eb) => eb.fn.max('sent_at').as('sent_at')])
      .where('subscription_id', 'in', subIds)
      .where('kind', '=', n.kind)
      .where('status', '=', 'sent')
      .where('sent_at', '>', isoFromMs(now - windowMs))
      .groupBy('subscription_id')
      .execute();
    const sentAt = new Map(lastSent.map((r) => [r.subscription_id, Date.parse(String(r.sent_at))]));
    // The waiting push of each subscription that no sender holds right now.
    const free = new Map(
      waiting.filter((r) => !(r.locked_until && r.locked_until > createdAt)).map((r) => [r.subscription_id, r]),
    );
    const rows = [];
    for (const sub of subs) {
      const w = free.get(sub.id);
      if (w) {
        const count = w.bundle_count + 1;
        // Only while no sender holds it (attempts is the claim's version); otherwise a new push follows.
        const res = await trx
          .updateTable('push_outbox')
          .set({ bundle_count: count, title: title(count), body, url: n.bundle.url, lang: n.lang })
          .where('id', '=', w.id)
          .where('attempts', '=', w.attempts)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) continue;
      }
      const last = sentAt.get(sub.id);
      rows.push(fresh(sub, last === undefined ? now : Math.max(now, last + windowMs)));
    }
    if (rows.length) await trx.insertInto('push_outbox').values(rows).execute();
  }

  async close(waitMs = 5_000): Promise<void> {
    await this.stop(waitMs, this.db, 'push_outbox');
  }

  protected claim(): Promise<PushRow | null> {
    return claimDue<PushRow>(this.db, 'push_outbox', this.cfg.leaseMs);
  }

  protected async send(row: PushRow): Promise<void> {
    const sub = await this.db
      .selectFrom('push_subscriptions')
      .select('registration_id')
      .where('id', '=', row.subscription_id)
      .executeTakeFirst();
    const subscription = sub && parseSubscription(sub.registration_id);
    if (!subscription || !pushEndpointAllowed(subscription.endpoint, this.cfg.endpointAllowlist)) {
      await this.finish(row, 'failed', 'Kein zulässiger Push-Dienst (nur https-Push-Dienste der Browser).');
      return;
    }
    this.keys ??= vapidKeys(this.db).catch((err: unknown) => {
      this.keys = null;
      throw err;
    });
    const keys = await this.keys;
    const payload: PushPayload = {
      title: row.title,
      body: row.body,
      url: row.url,
      tag: row.bundle_count > 1 || row.kind === 'posts' ? `hp-${row.kind}` : `hp-${row.id}`,
      lang: row.lang as Language,
      ...(RTL_LANGUAGES.includes(row.lang as Language) ? { dir: 'rtl' as const } : {}),
    };
    let status: number;
    try {
      // web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes through fetch,
      // which reaches a loopback endpoint in tests, follows no redirect and gives up after timeoutMs.
      const req = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
        // VAPID through `headers`: the signed token is reused per push service (vapidHeader below).
        headers: { Authorization: this.vapidHeader(new URL(subscription.endpoint).origin, keys) },
        TTL: row.urgent ? 12 * 3600 : 24 * 3600,
        urgency: row.urgent ? 'high' : 'normal',
        // Topic: at most 32 URL-safe characters; a newer push of the same topic replaces one not yet delivered.
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, ''),
        contentEncoding: 'aes128gcm',
      });
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      await this.retry(row, String((err as Error)?.message ?? err));
      return;
    }
    if (status >= 200 && status < 300) {
      await this.finish(row, 'sent', null);
    } else if (status === 404 || status === 410) {
      // The browser dropped the subscription: it and its pushes go (FK cascade).
      await this.db.deleteFrom('push_subscriptions').where('id', '=', row.subscription_id).execute();
      this.log.info({ subscription: row.subscription_id, status }, 'Push-Abonnement abgelaufen, gelöscht');
    } else if (status === 429 || status >= 500) {
      await this.retry(row, `Push-Dienst antwortet ${status}`);
    } else {
      await this.finish(row, 'failed', `Push-Dienst lehnt ab: ${status}`);
    }
  }

  private vapidHeader(audience: string, keys: { publicKey: string; privateKey: string }): string {
    const held = this.vapid.get(audience);
    if (held && held.until > Date.now()) return held.header;
    const expires = Math.floor(Date.now() / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.cfg.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expires,
    );
    this.vapid.set(audience, { header: Authorization, until: (expires - 3600) * 1000 });
    return Authorization;
  }

  private async finish(row: PushRow, status: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('push_outbox')
      .set({ status, last_error: error, locked_until: null, ...(status === 'sent' ? { sent_at: nowIso() } : {}) })
      .where('id', '=', row.id)
      .execute();
    if (status === 'failed') this.log.warn({ push: row.id, error }, 'Push nicht zustellbar');
  }

  private async retry(row: PushRow, message: string): Promise<void> {
    const now = Date.now();
    const firstError = row.first_error_at ?? isoFromMs(now);
    if (now - Date.parse(firstError) >= this.cfg.giveUpMs) {
      await this.finish(row, 'failed', `Seit einem Tag nicht zustellbar: ${message}`);
      return;
    }
    await this.db
      .updateTable('push_outbox')
      .set({
        last_error: message.slice(0, 500),
        first_error_at: firstError,
        next_attempt_at: isoFromMs(now + retryDelay(row.attempts, this.cfg.retryBaseMs, this.cfg.retryMaxMs)),
        locked_until: null,
      })
      .where('id', '=', row.id)
      .execute();
  }
}
