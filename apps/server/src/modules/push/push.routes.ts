import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import webpush from 'web-push';
import { z } from 'zod';
import { idParam, pushToken, pushTokenCreate } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { currentUser, requireUser } from '../auth/auth.hooks.js';

const tags = ['push'];
const security = [{ token: [] }];

/** registration_id must be a browser PushSubscription as JSON (DESIGN §2). */
function isPushSubscription(raw: string): boolean {
  try {
    const s = JSON.parse(raw) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    return (
      typeof s.endpoint === 'string' &&
      /^https:\/\/[^\s]+$/.test(s.endpoint) &&
      typeof s.keys?.p256dh === 'string' &&
      typeof s.keys?.auth === 'string'
    );
  } catch {
    return false;
  }
}

/** The VAPID key pair, generated once and kept in the database so every process shares it. */
export async function vapidKeys(db: DB): Promise<{ publicKey: string; privateKey: string }> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'vapid_keys').executeTakeFirst();
  if (row) return JSON.parse(row.value) as { publicKey: string; privateKey: string };
  await db
    .insertInto('app_settings')
    .values({ key: 'vapid_keys', value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return vapidKeys(db);
}

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/api/push/config/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Öffentlicher VAPID-Schlüssel für pushManager.subscribe()',
        response: { 200: z.object({ public_key: z.string() }) },
      },
    },
    async () => ({ public_key: (await vapidKeys(db)).publicKey }),
  );

  r.post(
    '/api/fcm/token/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Web-Push-Abonnement registrieren',
        body: pushTokenCreate,
        response: { 200: pushToken, 201: pushToken },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { registration_id } = request.body;
      if (!isPushSubscription(registration_id)) {
        throw fieldError('registration_id', 'Ungültiges Push-Abonnement (erwartet wird ein PushSubscription-JSON).');
      }
      const existing = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'registration_id'])
        .where('user_id', '=', user.id)
        .where('registration_id', '=', registration_id)
        .executeTakeFirst();
      if (existing) return { id: existing.id, type: 'web' as const, registration_id };
      const row = await db
        .insertInto('push_subscriptions')
        .values({ user_id: user.id, type: 'web', registration_id, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.code(201);
      return { id: row.id, type: 'web' as const, registration_id };
    },
  );

  r.delete(
    '/api/fcm/token/:id/',
    { onRequest: requireUser, schema: { tags, security, summary: 'Web-Push-Abonnement löschen', params: idParam } },
    async (request, reply) => {
      const user = currentUser(request);
      const res = await db
        .deleteFrom('push_subscriptions')
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound();
      return reply.code(204).send();
    },
  );
}
