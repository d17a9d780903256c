import type { WebhookEvent } from '@hausportal/contract';
import type { DB } from '../db/database.js';
import type { Notifier } from '../modules/notifications/notifier.js';
import type { queueWebhooks } from '../modules/webhooks/webhooks.queue.js';
import { many, type Announcement, type DomainEventBase, type WebhookMessage } from './define.js';

type Result<T> = Promise<T | readonly T[] | null | undefined> | T | readonly T[] | null | undefined;

/** A handler as the bus calls it, whatever its event's shape (the sources are checked where declared). */
interface AnyHandler {
  announce?: (trx: DB, event: never) => Result<Announcement>;
  webhooks?: (trx: DB, event: never) => Result<WebhookMessage>;
}

/**
 * Fans each event out to the notifier and the webhook queue, inside the transaction of the action
 * that raised it: pushes, mails and deliveries exist exactly when the cause does (ADR 019's outbox
 * room). The action calls `kick()` after the commit.
 */
export class EventBus<E extends DomainEventBase> {
  private readonly handlers = new Map<string, AnyHandler>();

  constructor(
    sources: readonly { module: string; handlers: object }[],
    private readonly notifier: Notifier,
    private readonly queue: typeof queueWebhooks,
  ) {
    for (const source of sources)
      for (const [type, handler] of Object.entries(source.handlers as Record<string, AnyHandler>)) {
        // Two modules claiming one name would silently lose one cause: refuse to start instead.
        if (this.handlers.has(type))
          throw new Error(`Das Ereignis „${type}“ ist zweimal registriert (${source.module}).`);
        this.handlers.set(type, handler);
      }
  }

  /** The event types with a handler, and those among them that queue webhooks. */
  types(): { all: string[]; webhooks: string[] } {
    const all = [...this.handlers.keys()].sort();
    return { all, webhooks: all.filter((type) => this.handlers.get(type)!.webhooks) };
  }

  async raise(trx: DB, event: E): Promise<void> {
    const handler = this.handlers.get(event.type);
    if (!handler) throw new Error(`Für das Ereignis „${event.type}“ ist nichts registriert.`);
    const arg = event as never;
    for (const a of many(await handler.announce?.(trx, arg))) await this.notifier.notify(trx, a.to, a.notification);
    // Only an event named like a webhook event of the contract has webhooks (define.ts checks it).
    for (const w of many(await handler.webhooks?.(trx, arg)))
      await this.queue(trx, { ...w, event: event.type as WebhookEvent });
  }

  /** Starts sending what the committed transaction queued (mail, pushes, webhooks). */
  kick(): void {
    this.notifier.kick();
  }
}

/**
 * Raises an event of the product's union (src/registry.ts) in the action's transaction. The union
 * comes from the context's bus, so an event whose module is not registered does not type-check.
 */
export function raise<E extends DomainEventBase>(
  trx: DB,
  ctx: { events: EventBus<E> },
  event: NoInfer<E>,
): Promise<void> {
  return ctx.events.raise(trx, event);
}
