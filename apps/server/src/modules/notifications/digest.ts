import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import { inTransaction, type DB } from '../../db/database.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Outbox } from '../../outbox/mail-outbox.js';
import { nowIso } from '../../lib/time.js';
import { translatorOf } from '../../i18n/index.js';
import type { Notifier } from './notifier.js';
import { activeRecipient, takeDueDigestItems, usersWithDueDigest } from './notifications.repository.js';

const EVERY_MS = 5 * 60_000;

/**
 * The daily e-mail digest: events of residents who chose it wait in `digest_items` until 07:00
 * Berlin (quiet-hours.ts) and then go out as one mail per resident through the mail outbox.
 * Taking the items is a delete in the mail's own transaction, so two processes never send the
 * same item twice and a crash loses none.
 */
export class DigestJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly config: Pick<Config, 'appName' | 'publicUrl'>,
    private readonly outbox: Outbox,
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer ??= setInterval(
      () => void this.sendDue().catch((err) => this.log.error({ err }, 'Tageszusammenfassung fehlgeschlagen')),
      EVERY_MS,
    ).unref();
    void this.sendDue().catch((err) => this.log.error({ err }, 'Tageszusammenfassung fehlgeschlagen'));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Queues one digest mail for every resident with due items; returns how many were queued. */
  async sendDue(): Promise<number> {
    const now = nowIso();
    let sent = 0;
    for (const user_id of await usersWithDueDigest(this.db, now)) {
      const queued = await inTransaction(this.db, async (trx) => {
        const items = await takeDueDigestItems(trx, user_id, now);
        const user = await activeRecipient(trx, user_id);
        if (!items.length || !user?.email) return false;
        const unsubscribe = this.notifier.unsubscribeUrl(user_id, 'digest');
        // The items were written in the reader's language when they happened.
        const { t, language } = translatorOf(user);
        const app = this.config.appName;
        await this.outbox.enqueue(
          {
            to: user.email,
            subject: t('digest.subject', { count: items.length }),
            unsubscribeUrl: unsubscribe,
            ...renderMail({
              appName: app,
              language,
              greeting: t('mail.greeting', { name: user.name }),
              paragraphs: [t('digest.intro', { app })],
              items: items.map((i) => ({ title: i.title, body: i.body, url: `${this.config.publicUrl}${i.url}` })),
              action: { label: t('digest.open', { app }), url: `${this.config.publicUrl}/` },
              unsubscribe: { url: unsubscribe, label: t('digest.unsubscribe') },
            }),
          },
          { kind: 'digest', locationId: user.location_id, trx },
        );
        return true;
      });
      if (queued) sent++;
    }
    if (sent) this.outbox.kick();
    return sent;
  }
}
