import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  WEBHOOK_OLD_SECRET_HOURS,
  idParam,
  listQuery,
  paginated,
  webhookDelivery,
  webhookDeliveryQuery,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointUpdate,
  webhookEndpointWithSecret,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { pageOfAll, paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, currentUser } from '../auth/policies.js';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
} from './webhooks.actions.js';
import { toDelivery, toEndpoint } from './webhooks.presenter.js';

const endpointExample = {
  id: 3,
  api_key_id: 1,
  url: 'https://erp.example.org/hausportal/webhooks',
  description: 'Wodis: Schadensmeldungen',
  events: ['ticket.created', 'ticket.status_changed'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-25T09:00:00.000Z',
};
const secretExample = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const deliveryExample = {
  id: 41,
  endpoint_id: 3,
  message_id: 'msg_2KWPBgLlAfxdpx2AI54pPA',
  event: 'ticket.created',
  status: 'failed',
  attempts: 8,
  response_code: 503,
  last_error: 'Antwort 503: Service Unavailable',
  created_at: '2026-11-24T08:00:00.000Z',
  last_attempt_at: '2026-11-25T12:00:00.000Z',
  next_attempt_at: null,
};

/**
 * Webhook endpoints and their delivery log in the back office ('Schnittstellen'), inside
 * the /api/admin plugin; every route is for administrators only (managers get 403).
 */
export async function webhookAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: integration'], 'parent');
  const { ctx } = app;

  r.get(
    '/integration/keys/:id/webhooks/',
    {
      schema: {
        summary: 'Webhook-Endpunkte eines API-Schlüssels',
        params: idParam,
        querystring: listQuery,
        response: {
          200: paginated(webhookEndpoint).meta({
            example: { count: 1, next: null, previous: null, results: [endpointExample] },
          }),
        },
      },
    },
    async (request) =>
      pageOfAll(
        `/api/admin/integration/keys/${request.params.id}/webhooks/`,
        request.query,
        (await listEndpoints(ctx, currentUser(request), request.params.id)).map(toEndpoint),
      ),
  );

  r.post(
    '/integration/keys/:id/webhooks/',
    {
      schema: {
        summary: 'Webhook-Endpunkt anlegen (das Geheimnis steht nur in dieser Antwort)',
        description:
          'Nur https-Adressen öffentlicher Hosts (oder Origins aus WEBHOOK_ENDPOINT_ALLOWLIST). Jede Zustellung ist nach Standard Webhooks signiert (webhook-id, webhook-timestamp, webhook-signature).',
        params: idParam,
        body: webhookEndpointCreate.meta({
          example: {
            url: 'https://erp.example.org/hausportal/webhooks',
            events: ['ticket.created', 'ticket.status_changed'],
            description: 'Wodis: Schadensmeldungen',
          },
        }),
        response: { 201: webhookEndpointWithSecret.meta({ example: { ...endpointExample, secret: secretExample } }) },
      },
    },
    async (request, reply) => {
      const { row, secret } = await createEndpoint(ctx, callerOf(request), request.params.id, request.body);
      return reply.code(201).send({ ...toEndpoint(row), secret });
    },
  );

  r.patch(
    '/integration/webhooks/:id/',
    {
      schema: {
        summary: 'Webhook-Endpunkt ändern, aus- oder wieder einschalten',
        params: idParam,
        body: webhookEndpointUpdate.meta({ example: { enabled: true } }),
        response: { 200: webhookEndpoint.meta({ example: endpointExample }) },
      },
    },
    async (request) => toEndpoint(await updateEndpoint(ctx, callerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/integration/webhooks/:id/',
    {
      schema: {
        summary: 'Webhook-Endpunkt löschen (mit seinem Zustellprotokoll)',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/integration/webhooks/:id/rotate-secret/',
    {
      schema: {
        summary: `Neues Geheimnis (steht nur in dieser Antwort; das alte signiert noch ${WEBHOOK_OLD_SECRET_HOURS} Stunden mit)`,
        params: idParam,
        response: {
          200: webhookEndpointWithSecret.meta({
            example: {
              ...endpointExample,
              previous_secret_expires_at: '2026-12-02T10:15:00.000Z',
              secret: secretExample,
            },
          }),
        },
      },
    },
    async (request) => {
      const { row, secret } = await rotateSecret(ctx, callerOf(request), request.params.id);
      return { ...toEndpoint(row), secret };
    },
  );

  r.get(
    '/integration/webhooks/:id/deliveries/',
    {
      schema: {
        summary: 'Zustellprotokoll eines Endpunkts, neueste zuerst (30 Tage)',
        params: idParam,
        querystring: webhookDeliveryQuery,
        response: {
          200: paginated(webhookDelivery).meta({
            example: { count: 1, next: null, previous: null, results: [deliveryExample] },
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listDeliveries(ctx, currentUser(request), request.params.id, q.status, pageWindow(q));
      return paginate(
        `/api/admin/integration/webhooks/${request.params.id}/deliveries/`,
        q,
        page.count,
        page.rows.map(toDelivery),
      );
    },
  );

  r.post(
    '/integration/deliveries/:id/resend/',
    {
      schema: {
        summary: 'Erneut senden: dieselbe Nachricht (gleiche webhook-id) sofort noch einmal',
        params: idParam,
        response: { 200: webhookDelivery.meta({ example: { ...deliveryExample, status: 'pending', attempts: 0 } }) },
      },
    },
    async (request) => toDelivery(await resendDelivery(ctx, callerOf(request), request.params.id)),
  );
}
