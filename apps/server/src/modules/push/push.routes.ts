import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam, pushToken, pushTokenCreate } from '@hausportal/contract';
import { fieldError, notFound } from '../../lib/errors.js';
import { currentUser, requireUser } from '../auth/policies.js';
import { parseSubscription, pushEndpointAllowed } from '../../outbox/push-endpoint.js';
import { vapidKeys } from '../../outbox/vapid.js';
import { moduleRoutes } from '../../lib/routes.js';
import { addSubscription, deleteSubscription, findSubscription } from './push.repository.js';

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['push'], requireUser);
  const { db } = app.ctx;

  r.get(
    '/api/push/config/',
    {
      schema: {
        summary: 'Öffentlicher VAPID-Schlüssel für pushManager.subscribe()',
        response: { 200: z.object({ public_key: z.string() }) },
      },
    },
    async () => ({ public_key: (await vapidKeys(db)).publicKey }),
  );

  r.post(
    '/api/fcm/token/',
    {
      schema: {
        summary: 'Web-Push-Abonnement registrieren',
        body: pushTokenCreate,
        response: { 200: pushToken, 201: pushToken },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { registration_id } = request.body;
      // registration_id must be a browser PushSubscription as JSON (product §4.3) of a known push service.
      const subscription = parseSubscription(registration_id);
      if (!subscription) {
        throw fieldError('registration_id', 'Ungültiges Push-Abonnement (erwartet wird ein PushSubscription-JSON).');
      }
      if (!pushEndpointAllowed(subscription.endpoint, app.ctx.config.push.endpointAllowlist)) {
        throw fieldError('registration_id', 'Dieser Push-Dienst wird nicht unterstützt.');
      }
      const existing = await findSubscription(db, user.id, registration_id);
      if (existing) return { id: existing.id, type: 'web' as const, registration_id };
      const id = await addSubscription(db, user.id, registration_id);
      reply.code(201);
      return { id, type: 'web' as const, registration_id };
    },
  );

  r.delete(
    '/api/fcm/token/:id/',
    {
      schema: {
        summary: 'Web-Push-Abonnement löschen',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      if (!(await deleteSubscription(db, currentUser(request).id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
