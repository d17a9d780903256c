import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@hausportal/contract';
import type { Config } from '../../config/config.js';
import type { DB } from '../../db/database.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Outbox } from '../../outbox/mail-outbox.js';
import { isoFromMs } from '../../lib/time.js';
import { readSettings } from './preferences.js';
import { addDigestItem, recipientsOf } from './notifications.repository.js';
import type { PushOutbox, QueuedPush } from '../../outbox/push-outbox.js';
import { afterQuietHours, nextDigestAt } from './quiet-hours.js';

/**
 * One event for its recipients, in German: the push (its texts, the route it and the mail's
 * button open, whether it is urgent and how it bundles; see QueuedPush) and the mail texts.
 */
export interface Notification extends QueuedPush {
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
    const users = await recipientsOf(trx, ids);
    const now = Date.now();
    const pushUsers = new Map<number, boolean>(); // user → quiet hours on
    for (const u of users) {
      const s = readSettings(u.notification_settings);
      if (n.urgent || s.push[n.kind]) pushUsers.set(u.id, s.quiet_hours && !n.urgent);
      if (!s.email[n.kind] || !u.email) continue;
      if (s.digest && !n.urgent) {
        await addDigestItem(trx, {
          user_id: u.id,
          kind: n.kind,
          title: n.title,
          body: n.body,
          url: n.url,
          due_at: isoFromMs(nextDigestAt(now)),
          created_at: isoFromMs(now),
        });
      } else {
        await this.outbox.enqueue(this.mailFor(u, n), { kind: 'notification', locationId: u.location_id, trx });
      }
    }
    if (pushUsers.size)
      await this.push.enqueue(
        trx,
        { ...n, body: snippet(n.body, BODY_MAX) },
        [...pushUsers.keys()],
        now,
        (userId, at) => (pushUsers.get(userId) ? afterQuietHours(at) : at),
      );
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
