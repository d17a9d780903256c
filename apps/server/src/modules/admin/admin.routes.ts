import type { FastifyInstance } from 'fastify';
import { requireManager } from '../auth/policies.js';
import { moderationRoutes } from '../moderation/moderation.routes.js';

/**
 * The back-office API, registered at /api/admin: one manager guard for every route in it.
 * Modules of the back office register here, with paths relative to /api/admin.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireManager);
  await app.register(moderationRoutes);
}
