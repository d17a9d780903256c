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

// ---- what the events' payloads are made of (read inside the event's transaction) ----

/** A ticket with its category and reporter, as a webhook names it. */
export function ticketForWebhook(db: DB, id: number) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_categories as c', 'c.id', 't.category_id')
    .leftJoin('users as r', 'r.id', 't.reporter_id')
    .select([
      't.id',
      't.number',
      't.location_id',
      't.status',
      't.scope',
      't.place',
      't.description',
      't.source',
      't.created_at',
      'c.id as category_id',
      'c.name as category_name',
      'r.id as reporter_id',
      'r.external_id as reporter_external_id',
      'r.apartment_number as reporter_apartment',
      'r.name as reporter_name',
      'r.email as reporter_email',
      'r.erased_at as reporter_erased_at',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}
export type TicketForWebhook = NonNullable<Awaited<ReturnType<typeof ticketForWebhook>>>;

export function postForWebhook(db: DB, id: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'location_id', 'text', 'created_at', 'moderated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function bookingForWebhook(db: DB, id: number) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('booking_resources as res', 'res.id', 'b.resource_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.location_id',
      'b.status',
      'b.apartment_number',
      'b.starts_at',
      'b.ends_at',
      'b.check_in',
      'b.check_out',
      'b.created_at',
      'res.id as resource_id',
      'res.name as resource_name',
      'res.mode as resource_mode',
      'u.id as user_id',
      'u.external_id as user_external_id',
      'u.name as user_name',
      'u.email as user_email',
      'u.erased_at as user_erased_at',
    ])
    .where('b.id', '=', id)
    .executeTakeFirst();
}
export type BookingForWebhook = NonNullable<Awaited<ReturnType<typeof bookingForWebhook>>>;

export function parcelsForWebhook(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('parcels')
    .select([
      'id',
      'location_id',
      'apartment_number',
      'carrier',
      'pieces',
      'storage_place',
      'status',
      'logged_at',
      'handed_over_at',
    ])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export function residentForWebhook(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'location_id',
      'external_id',
      'apartment_number',
      'name',
      'email',
      'move_in_on',
      'move_out_on',
      'role',
      'erased_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
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
