import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@hausportal/contract';
import type { Config } from '../../config/config.js';
import type { DB } from '../../db/database.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { MailAttachment, Outbox } from '../../outbox/mail-outbox.js';
import { isoFromMs } from '../../lib/time.js';
import { translatorOf, type Translator } from '../../i18n/index.js';
import { readSettings } from './preferences.js';
import { addDigestItem, recipientsOf } from './notifications.repository.js';
import type { PushOutbox, QueuedPush } from '../../outbox/push-outbox.js';
import { afterQuietHours, nextDigestAt } from './quiet-hours.js';

/** What a recipient reads of an event, in their language. */
export interface NotificationText {
  title: string;
  body: string;
  /** The mail; its files (a booking's .ics) go only with a mail of its own, not into a digest. */
  mail: { subject: string; paragraphs: string[]; action: string; attachments?: MailAttachment[] };
}

/**
 * One event for its recipients: its kind, the route the push and the mail's button open, whether
 * it is urgent and how its pushes bundle (see QueuedPush), and its texts as a function of the
 * recipient's translator, so each recipient reads it in their own language.
 */
export interface Notification {
  kind: NotificationKind;
  url: string;
  urgent?: boolean;
  /** The title of a bundle of n events, in the recipient's language (plural forms). */
  bundle?: { windowMs: number; url: string; title: (tr: Translator, n: number) => string };
  text: (tr: Translator) => NotificationText;
}

type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

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
    /** The webhook sender: events that notify people often queue webhooks in the same transaction. */
    private readonly webhooks?: { kick(): void },
  ) {}

  /** Starts sending what the committed transaction queued (mail, pushes, webhooks). */
  kick(): void {
    this.outbox.kick();
    this.push.kick();
    this.webhooks?.kick();
  }

  /** Notifies the given users (inactive and erased ones are skipped) as their preferences say. */
  async notify(trx: DB, userIds: readonly number[], n: Notification): Promise<void> {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += CHUNK) await this.notifyChunk(trx, unique.slice(i, i + CHUNK), n);
  }

  private async notifyChunk(trx: DB, ids: number[], n: Notification): Promise<void> {
    if (!ids.length) return;
    const byLanguage = new Map<Translator, Recipient[]>();
    for (const u of await recipientsOf(trx, ids)) {
      const tr = translatorOf(u);
      const group = byLanguage.get(tr);
      if (group) group.push(u);
      else byLanguage.set(tr, [u]);
    }
    for (const [tr, users] of byLanguage) await this.notifyGroup(trx, users, n, tr);
  }

  /** Recipients who read one language: the event's texts are rendered once for all of them. */
  private async notifyGroup(trx: DB, users: Recipient[], n: Notification, tr: Translator): Promise<void> {
    const text = n.text(tr);
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
          title: text.title,
          body: text.body,
          url: n.url,
          due_at: isoFromMs(nextDigestAt(now)),
          created_at: isoFromMs(now),
        });
      } else {
        await this.outbox.enqueue(this.mailFor(u, n, text, tr), {
          kind: 'notification',
          locationId: u.location_id,
          trx,
        });
      }
    }
    if (!pushUsers.size) return;
    const { bundle } = n;
    const push: QueuedPush = {
      kind: n.kind,
      title: text.title,
      body: snippet(text.body, BODY_MAX),
      url: n.url,
      urgent: n.urgent,
      lang: tr.language,
      bundle: bundle && { windowMs: bundle.windowMs, url: bundle.url, title: (count) => bundle.title(tr, count) },
    };
    await this.push.enqueue(trx, push, [...pushUsers.keys()], now, (userId, at) =>
      pushUsers.get(userId) ? afterQuietHours(at) : at,
    );
  }

  private mailFor(
    u: { id: number; name: string; email: string },
    n: Notification,
    text: NotificationText,
    tr: Translator,
  ) {
    const unsubscribe = this.unsubscribeUrl(u.id, n.kind);
    const { t } = tr;
    return {
      to: u.email,
      subject: text.mail.subject,
      unsubscribeUrl: unsubscribe,
      ...(text.mail.attachments?.length ? { attachments: text.mail.attachments } : {}),
      ...renderMail({
        appName: this.config.appName,
        language: tr.language,
        greeting: t('mail.greeting', { name: u.name }),
        paragraphs: text.mail.paragraphs,
        action: { label: text.mail.action, url: `${this.config.publicUrl}${n.url}` },
        unsubscribe: { url: unsubscribe, label: t('mail.unsubscribeKind', { kind: t(`kinds.${n.kind}`) }) },
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
