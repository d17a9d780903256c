import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_SCOPES } from '@hausportal/contract';
import { moduleRoutes } from '../../lib/routes.js';
import { keyCallerOf, requireApiKey } from './api-keys.guard.js';
import { integrationResidentRoutes } from './integration.residents.routes.js';
import { integrationContentRoutes } from './integration.content.routes.js';
import { integrationTicketRoutes } from './integration.tickets.routes.js';

/** What a key learns about itself: enough for a script to check its setup. */
const keySelf = z
  .object({
    name: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    location_ids: z.array(z.number()),
  })
  .meta({ example: { name: 'ERP Wodis', scopes: ['tickets:read', 'tickets:write'], location_ids: [2] } });

/**
 * The integration API at /api/integration (ADR 034): every route needs an API key
 * (`Authorization: Bearer hp_…`, the plugin's guard) and names its scope with
 * `onRequest: requireScope('…')`. Modules of the integration API register here, with paths
 * relative to /api/integration, and start with `moduleRoutes(app, tags, 'apiKey')`.
 */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireApiKey);
  const r = moduleRoutes(app, ['integration'], 'apiKey');

  r.get(
    '/me/',
    {
      schema: {
        summary: 'Der verwendete API-Schlüssel: Name, Berechtigungen und Standorte',
        description: 'Braucht keine bestimmte Berechtigung; zählt wie jede Anfrage zum Limit des Schlüssels.',
        response: { 200: keySelf },
      },
    },
    (request) => {
      const key = keyCallerOf(request);
      return { name: key.keyName, scopes: key.scopes, location_ids: key.locationIds };
    },
  );

  for (const routes of [integrationTicketRoutes, integrationContentRoutes, integrationResidentRoutes]) {
    await app.register(routes);
  }
}
