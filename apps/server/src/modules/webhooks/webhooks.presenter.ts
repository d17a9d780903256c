import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@hausportal/contract';
import { WEBHOOK_DISABLE_AFTER_DAYS } from '@hausportal/contract';
import { nowIso } from '../../lib/time.js';
import type { Mail } from '../../outbox/mail-outbox.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { DisabledEndpoint } from '../../outbox/webhook-outbox.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** Managers get 403 with this on every webhook route: integrations are the install's, not a location's. */
export const WEBHOOKS_ADMIN_ONLY = 'Nur Administrator:innen verwalten Schnittstellen und Webhooks.';

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    api_key_id: row.api_key_id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEvent[],
    enabled: row.enabled === 1,
    disabled_reason: row.enabled === 1 ? null : row.disabled_reason,
    failing_since: row.failing_since,
    previous_secret_expires_at: previousSecretValid(row, nowIso()) ? row.previous_secret_expires_at : null,
    created_at: row.created_at,
  };
}

/** Whether the secret before the last rotation still signs at `now`. */
export function previousSecretValid(
  row: Pick<EndpointRow, 'previous_secret' | 'previous_secret_expires_at'>,
  now: string,
): row is { previous_secret: string; previous_secret_expires_at: string } {
  return !!row.previous_secret && !!row.previous_secret_expires_at && row.previous_secret_expires_at > now;
}

/** What the audit log keeps of an endpoint: never its secret. */
export const auditView = (row: EndpointRow) => toEndpoint(row);

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    message_id: row.message_id,
    event: row.event as WebhookEvent,
    status: row.status,
    attempts: row.attempts,
    response_code: row.response_code,
    last_error: row.last_error,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  };
}

/** The administrators' mail when the sender switched an endpoint off. */
export function endpointDisabledMail(
  app: { appName: string; publicUrl: string },
  to: string,
  endpoint: DisabledEndpoint,
): Mail {
  return {
    to,
    subject: `Webhook-Endpunkt ausgeschaltet: ${endpoint.apiKeyName}`,
    ...renderMail({
      appName: app.appName,
      greeting: 'Guten Tag,',
      paragraphs: [
        `${app.appName} hat einen Webhook-Endpunkt des API-Schlüssels „${endpoint.apiKeyName}“ ausgeschaltet:`,
        endpoint.url,
        `Grund: ${endpoint.reason}`,
        `Bis er wieder eingeschaltet ist, erhält das angeschlossene System keine Ereignisse mehr. Ein Endpunkt wird ausgeschaltet, wenn ${WEBHOOK_DISABLE_AFTER_DAYS} Tage lang jede Zustellung fehlschlägt oder der Empfänger mit 410 antwortet.`,
        'Bitte prüfen Sie den Empfänger (Erreichbarkeit, Zertifikat, Antwortcode 2xx) und schalten Sie den Endpunkt danach unter „Schnittstellen“ wieder ein. Einzelne Zustellungen lassen sich dort mit „Erneut senden“ nachholen.',
      ],
      action: { label: 'Schnittstellen öffnen', url: `${app.publicUrl}/admin/schnittstellen` },
      after: [`Diese Nachricht wurde automatisch von ${app.appName} versendet.`],
    }),
  };
}
