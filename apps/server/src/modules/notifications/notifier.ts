import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@hausportal/contract';
import type { Config } from '../../config/config.js';
import type { DB } from '../../db/database.js';
import { renderMail } from '../../lib/mail-layout.js';
import type { Outbox } from '../../lib/outbox.js';
import { isoFromMs } from '../../lib/time.js';
import { readSettings } from './preferences.js';
import type { PushOutbox } from './push-outbox.js';
import { afterQuietHours, nextDigestAt } from './quiet-hours.js';

/** One event for its recipients, in German: push texts, mail texts and the route both open. */
export interface Notification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The route the push and the mail's button open, e.g. /messages/view/12. */
  url: string;
  /** A 'Wichtig' notice: pushed at once, in quiet hours too, and whatever the push switch says. */
  urgent?: boolean;
  /**
   * At most one push per `windowMs` and user: further events update the waiting push to
   * `title(n)` for n events, opening `url` (the hourly blackboard bundle, the managers' 15 minutes).
   */
  bundle?: { windowMs: number; title: (n: number) => string; url: string };
  mail: { subject: string; paragraphs: string[]; action: string };
}

/** What a digest or the unsubscribe link can switch off: a kind's e-mails, or the digest itself. */
export type UnsubscribeTopic = NotificationKind | 'digest';

const BODY_MAX = 180;
const CHUNK = 500;

/** A resident's text, shortened for a notification. */
export const snippet = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/**
 * Turns events into pushes and mails, written in the transaction of the event itself (ADR 016),
 * so a notification exists exactly when its cause does. Call `kick()` after the commit.
 */
export class Notifier {
  constructor(
    private readonly config: Pick<Config, 'appName' | 'publicUrl'>,
    private readonly secret: string,
    private readonly outbox: Outbox,
    private readonly push: PushOutbox,
  ) {}

  /** Starts sending what the committed transaction queued. */
  kick(): void {
    this.outbox.kick();
    this.push.kick();
  }

  /** Notifies the given users (inactive and erased ones are skipped) as their preferences say. */
  async notify(trx: DB, userIds: readonly number[], n: Notification): Promise<void> {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += CHUNK) await this.notifyChunk(trx, unique.slice(i, i + CHUNK), n);
  }

  private async notifyChunk(trx: DB, ids: number[], n: Notification): Promise<void> {
    if (!ids.length) return;
    const users = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'location_id', 'notification_settings'])
      .where('id', 'in', ids)
      .where('is_active', '=', 1)
      .where('erased_at', 'is', null)
      .execute();
    const now = Date.now();
    const pushUsers = new Map<number, boolean>(); // user → quiet hours on
    for (const u of users) {
      const s = readSettings(u.notification_settings);
      if (n.urgent || s.push[n.kind]) pushUsers.set(u.id, s.quiet_hours && !n.urgent);
      if (!s.email[n.kind] || !u.email) continue;
      if (s.digest && !n.urgent) {
        await trx
          .insertInto('digest_items')
          .values({
            user_id: u.id,
            kind: n.kind,
            title: n.title,
            body: n.body,
            url: n.url,
            due_at: isoFromMs(nextDigestAt(now)),
            created_at: isoFromMs(now),
          })
          .execute();
      } else {
        await this.outbox.enqueue(this.mailFor(u, n), { kind: 'notification', locationId: u.location_id, trx });
      }
    }
    if (pushUsers.size) await this.queuePushes(trx, pushUsers, n, now);
  }

  private mailFor(u: { id: number; name: string; email: string }, n: Notification) {
    const unsubscribe = this.unsubscribeUrl(u.id, n.kind);
    return {
      to: u.email,
      subject: n.mail.subject,
      unsubscribeUrl: unsubscribe,
      ...renderMail({
        appName: this.config.appName,
        greeting: `Guten Tag ${u.name},`,
        paragraphs: n.mail.paragraphs,
        action: { label: n.mail.action, url: `${this.config.publicUrl}${n.url}` },
        unsubscribe: {
          url: unsubscribe,
          label: `Keine E-Mails mehr zu „${NOTIFICATION_KIND_LABELS[n.kind]}“ erhalten`,
        },
      }),
    };
  }

  /** One push row per subscription; bundled kinds update a waiting push or wait for their window. */
  private async queuePushes(trx: DB, users: Map<number, boolean>, n: Notification, now: number): Promise<void> {
    const subs = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id'])
      .where('user_id', 'in', [...users.keys()])
      .execute();
    if (!subs.length) return;
    const body = snippet(n.body, BODY_MAX);
    const createdAt = isoFromMs(now);
    const due = (ms: number, userId: number) => isoFromMs(users.get(userId) ? afterQuietHours(ms) : ms);
    const fresh = (sub: { id: number; user_id: number }, at: number) => ({
      subscription_id: sub.id,
      user_id: sub.user_id,
      kind: n.kind,
      title: n.title,
      body,
      url: n.url,
      urgent: n.urgent ? 1 : 0,
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
          .set({ bundle_count: count, title: title(count), body, url: n.bundle.url })
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

  private mac(userId: number, topic: UnsubscribeTopic): string {
    return createHmac('sha256', this.secret)
      .update(`unsubscribe\n${userId}\n${topic}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** The link in every notification mail that switches its kind (or the digest) off, without signing in. */
  unsubscribeUrl(userId: number, topic: UnsubscribeTopic): string {
    return `${this.config.publicUrl}/api/notifications/unsubscribe/?user=${userId}&topic=${topic}&sig=${this.mac(userId, topic)}`;
  }

  verifyUnsubscribe(userId: number, topic: UnsubscribeTopic, sig: string): boolean {
    const expected = Buffer.from(this.mac(userId, topic));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
