import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from '../../db/schema.js';

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** The key an endpoint belongs to, as far as webhooks need it. */
export function findKey(db: DB, id: number) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'revoked_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findEndpoint(db: DB, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listEndpoints(db: DB, apiKeyId: number): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('api_key_id', '=', apiKeyId).orderBy('id').execute();
}

export async function insertEndpoint(db: DB, row: Insertable<WebhookEndpointTable>): Promise<number> {
  const { id } = await db.insertInto('webhook_endpoints').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEndpoint(db: DB, id: number, set: Updateable<WebhookEndpointTable>): Promise<void> {
  await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: DB, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/**
 * The endpoints an event of `locationId` goes to: switched on, subscribed to `event`, of a key
 * that is neither revoked nor expired at `now` and covers the location.
 */
export function subscribedEndpoints(db: DB, locationId: number, event: string, now: string) {
  return (
    db
      .selectFrom('webhook_endpoints as e')
      .innerJoin('api_keys as k', 'k.id', 'e.api_key_id')
      .innerJoin('api_key_locations as l', (j) =>
        j.onRef('l.api_key_id', '=', 'k.id').on('l.location_id', '=', locationId),
      )
      .select('e.id')
      .where('e.enabled', '=', 1)
      // events is a JSON array of fixed names: the quoted name matches exactly one entry.
      .where('e.events', 'like', `%"${event}"%`)
      .where('k.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
      .execute()
  );
}

export async function insertDeliveries(db: DB, rows: Insertable<WebhookDeliveryTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/** An endpoint's log, newest first, optionally of one status. */
export function listDeliveries(db: DB, endpointId: number, status: string | undefined, window: PageWindow) {
  let base = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
  if (status) base = base.where('status', '=', status as DeliveryRow['status']);
  return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), window);
}

export function findDelivery(db: DB, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Queues a delivery that is not pending again, due now, with its message id (so the receiver
 * can tell it is the same event); false when it is pending (a sender may hold it).
 */
export async function requeueDelivery(db: DB, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, delivered_at: null })
    .where('id', '=', id)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes deliveries created before `before`; returns how many. */
export async function deleteDeliveriesBefore(db: DB, before: string): Promise<number> {
  const res = await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The e-mail addresses of the active administrators. */
export async function administratorEmails(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .distinct()
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .where('email', '!=', '')
    .execute();
  return rows.map((r) => r.email);
}

// ---- DSGVO ----

/** Art. 17: the deliveries that name the resident go, sent or not (a pending one is not sent then). */
export async function eraseWebhookData(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('user_id', '=', userId).execute();
}

/** Art. 15: what was passed on about the resident, to which address and when (not the payload's copy). */
export function webhookDeliveriesAbout(db: DB, userId: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.event', 'e.url as recipient', 'd.status', 'd.created_at', 'd.delivered_at'])
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute();
}
