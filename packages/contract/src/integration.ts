import { z } from 'zod';
import { bodyId, requiredTrimmedText, textId, trimmedText } from './fields.js';
import { listQuery } from './schemas.js';
import { adminDocument } from './admin-content.js';
import { BOOKING_STATUSES } from './bookings.js';
import { PARCEL_STATUSES, TICKET_STATUSES } from './labels/index.js';
import { adminParcel } from './parcels.js';

// Integrations (ADR 034): API keys for an ERP or a script, the resident sync and signed
// webhooks. Keys authenticate as `Authorization: Bearer hp_…` on `/api/integration/…` only; the
// back office ('Schnittstellen', administrators only) manages keys, webhook endpoints and deliveries.

/** Every key starts with it, so a leaked key is recognisable (and secret scanners can match it). */
export const API_KEY_PREFIX = 'hp_';

/** The fixed list of scopes; each integration path needs one. */
export const API_SCOPES = [
  'residents:read',
  'residents:write',
  'tickets:read',
  'tickets:write',
  'documents:write',
  'notices:write',
  'bookings:read',
  'parcels:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What the back office says of each scope. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'residents:read': 'Bewohner lesen',
  'residents:write': 'Bewohner anlegen und ändern (Abgleich)',
  'tickets:read': 'Schadensmeldungen lesen',
  'tickets:write': 'Schadensmeldungen bearbeiten',
  'documents:write': 'Dokumente hochladen',
  'notices:write': 'Aushänge veröffentlichen',
  'bookings:read': 'Buchungen lesen',
  'parcels:read': 'Pakete lesen',
};

/** Requests a key may make per minute (its own throttle, with `RateLimit` headers). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** The webhook event types an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.status_changed',
  'ticket.message_created',
  'resident.activated',
  'post.approved',
  'booking.created',
  'booking.cancelled',
  'parcel.logged',
  'parcel.picked_up',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'ticket.created': 'Schadensmeldung eingegangen',
  'ticket.status_changed': 'Status einer Schadensmeldung geändert',
  'ticket.message_created': 'Nachricht zu einer Schadensmeldung',
  'resident.activated': 'Bewohnerzugang geöffnet',
  'post.approved': 'Pinnwand-Beitrag freigegeben',
  'booking.created': 'Buchung angelegt',
  'booking.cancelled': 'Buchung storniert',
  'parcel.logged': 'Paket angenommen',
  'parcel.picked_up': 'Paket abgeholt',
};

/** Delivery states in the back office's log. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Deliveries are kept this long; an endpoint failing this long is switched off. */
export const WEBHOOK_LOG_DAYS = 30;
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
/**
 * After 'Geheimnis erneuern' the old secret keeps signing this long next to the new one (the
 * `webhook-signature` header carries both, new first), so the receiver can be updated meanwhile.
 */
export const WEBHOOK_OLD_SECRET_HOURS = 24;

const SCOPE_MESSAGE = `Unbekannte Berechtigung. Erlaubt: ${API_SCOPES.join(', ')}.`;
const EVENT_MESSAGE = `Unbekanntes Ereignis. Erlaubt: ${WEBHOOK_EVENTS.join(', ')}.`;

// ---- back office: keys ----

/** `POST /api/admin/integration/keys/`: the key itself is in the reply once, never again. */
export const apiKeyCreate = z.object({
  name: requiredTrimmedText(100),
  location_ids: z.array(bodyId).min(1, { error: 'Bitte wählen Sie mindestens einen Standort.' }).max(500),
  scopes: z
    .array(z.enum(API_SCOPES, { error: SCOPE_MESSAGE }))
    .min(1, { error: 'Bitte wählen Sie mindestens eine Berechtigung.' })
    .max(API_SCOPES.length),
  /** ISO date-time or null: the key stops working then. */
  expires_at: z.iso
    .datetime({ offset: true, error: 'Bitte ein Datum mit Uhrzeit (ISO 8601).' })
    .nullable()
    .default(null),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreate>;

export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  location_ids: z.array(z.number()),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** Computed from the dates; the back office says 'Aktiv', 'Abgelaufen' or 'Widerrufen'. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKey>;

/** The reply to creating a key: the only time the full key is shown. */
export const apiKeyCreated = apiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

// ---- back office: webhook endpoints ----

/** `POST /api/admin/integration/keys/{id}/webhooks/`: the secret is in the reply once. */
export const webhookEndpointCreate = z.object({
  url: requiredTrimmedText(2000),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: EVENT_MESSAGE }))
    .min(1, { error: 'Bitte wählen Sie mindestens ein Ereignis.' })
    .max(WEBHOOK_EVENTS.length),
  description: trimmedText(200).default(''),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreate>;

/** `PATCH /api/admin/integration/webhooks/{id}/`: events, description, or switching it on again. */
export const webhookEndpointUpdate = z.object({
  events: webhookEndpointCreate.shape.events.optional(),
  description: trimmedText(200).optional(),
  enabled: z.boolean({ error: 'Erwartet true oder false.' }).optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdate>;

export const webhookEndpoint = z.object({
  id: z.number(),
  api_key_id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it is off: null when on or switched off by hand. */
  disabled_reason: z.string().nullable(),
  /** Since when every delivery failed (null: the last one succeeded). */
  failing_since: z.string().nullable(),
  /** Until when the secret before the last rotation still signs too (null: none, or expired). */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** Creating an endpoint or rotating its secret: the only time the secret ('whsec_…') is shown. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

// ---- back office: the delivery log ----

export const webhookDelivery = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  /** The `webhook-id` header, the same on every attempt. */
  message_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  response_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryQuery = listQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Erwartet pending, delivered oder failed.' }).optional(),
});

// ---- the integration API (besides the resident sync, integration-residents.ts) ----

const isoInstant = z.iso.datetime({ offset: true, error: 'Bitte ein Datum mit Uhrzeit (ISO 8601).' });
const isoDay = z.iso.date({ error: 'Bitte ein Datum wie 2026-03-28 angeben.' });

/** `GET /api/integration/tickets/`: the key's locations, or one of them; `updated_since` for polling. */
export const integrationTicketQuery = listQuery.extend({
  location_id: textId.optional(),
  status: z.enum(TICKET_STATUSES, { error: `Erlaubt: ${TICKET_STATUSES.join(', ')}.` }).optional(),
  /** Only tickets with activity (a status, a message, a photo) at or after this instant; oldest activity first. */
  updated_since: isoInstant.optional(),
});

/** `GET /api/integration/bookings/`: Berlin dates, both inclusive. */
export const integrationBookingQuery = listQuery
  .extend({
    location_id: textId.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    status: z.enum(BOOKING_STATUSES, { error: `Erlaubt: ${BOOKING_STATUSES.join(', ')}.` }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: '„to“ liegt vor „from“.', path: ['to'] });

/** `GET /api/integration/parcels/`. */
export const integrationParcelQuery = listQuery.extend({
  location_id: textId.optional(),
  status: z.enum(PARCEL_STATUSES, { error: 'Status „open“ oder „handed_over“.' }).optional(),
});

/** A parcel for an integration: no label photo. */
export const integrationParcel = adminParcel.omit({ label_photo: true });
export type IntegrationParcel = z.infer<typeof integrationParcel>;

/** A document an integration uploaded: without a link to the file (links are bound to a person's session). */
export const integrationDocument = adminDocument.omit({ document: true });
export type IntegrationDocument = z.infer<typeof integrationDocument>;
