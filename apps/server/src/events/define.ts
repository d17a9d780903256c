import type { WebhookEvent } from '@hausportal/contract';
import type { DB } from '../db/database.js';
import type { Notification } from '../modules/notifications/notifier.js';

/** Every event has a type: its name in the event union (and, for a webhook, the webhook's name). */
export interface DomainEventBase {
  type: string;
}

/** Who hears of an event and what they read, as the notifier takes it. */
export interface Announcement {
  to: readonly number[];
  notification: Notification;
}

/**
 * One webhook message an event queues for the endpoints of `locationId`. `data` may be a function:
 * it is read only when some endpoint wants the event.
 */
export interface WebhookMessage {
  locationId: number;
  /** The resident the data names, if any: the data export lists the delivery, the erasure deletes it. */
  userId?: number | null;
  data: Record<string, unknown> | (() => Promise<Record<string, unknown> | null>);
}

type Many<T> = T | readonly T[] | null | undefined;

/**
 * What one cause does besides its own writes, inside the transaction of the action that raised
 * it: `announce` tells people (push, mail, digest, as each has chosen); `webhooks` queues messages
 * for the management's connected systems, under the event's own type, so only an event named like
 * a webhook event of the contract may have them.
 */
export interface EventHandler<E extends DomainEventBase> {
  announce?: (trx: DB, event: E) => Promise<Many<Announcement>> | Many<Announcement>;
  webhooks?: E['type'] extends WebhookEvent
    ? (trx: DB, event: E) => Promise<Many<WebhookMessage>> | Many<WebhookMessage>
    : never;
}

/** The handlers of one module's events, one per type of its union. */
export type EventHandlers<E extends DomainEventBase> = { [K in E['type']]: EventHandler<Extract<E, { type: K }>> };

/** A module's events as the registry takes them: the handlers, and the union as a phantom type. */
export interface EventSource<E extends DomainEventBase> {
  readonly module: string;
  readonly handlers: EventHandlers<E>;
  /** Never set; carries the union so that the registry can derive the product's event union. */
  readonly _event?: E;
}

/** Declares a module's events (in its `<module>.events.ts`). */
export function defineEvents<E extends DomainEventBase>(module: string, handlers: EventHandlers<E>): EventSource<E> {
  return { module, handlers };
}

/** The union of the events of a list of sources. */
export type EventOf<S> = S extends EventSource<infer E> ? E : never;

/** A list that may be one item, none, or several. */
export const many = <T>(value: Many<T>): readonly T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];
