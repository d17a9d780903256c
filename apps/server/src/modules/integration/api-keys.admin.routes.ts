import type { FastifyInstance } from 'fastify';
import { apiKey, apiKeyCreate, apiKeyCreated, idParam, listQuery, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, requireAdmin } from '../auth/policies.js';
import { createApiKey, keyForAdmin, revokeApiKey } from './api-keys.actions.js';
import { toApiKey } from './api-keys.presenter.js';
import * as repo from './api-keys.repository.js';

const EXAMPLE_KEY = {
  id: 3,
  name: 'ERP Wodis',
  prefix: 'hp_7Kq2mZ4x',
  scopes: ['residents:write', 'tickets:read', 'tickets:write'],
  location_ids: [2],
  created_at: '2025-03-01T08:15:00.000Z',
  created_by: 'Petra Admin',
  expires_at: null,
  revoked_at: null,
  last_used_at: '2025-03-02T06:00:12.000Z',
  state: 'active',
};

/** API keys in the back office ('Schnittstellen'), inside /api/admin; administrators only. */
export async function apiKeyAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: integration'], 'parent');
  const { ctx } = app;

  r.get(
    '/integration/keys/',
    {
      schema: {
        summary: 'API-Schlüssel (nur Administratoren): Präfix, Berechtigungen, Standorte, letzte Nutzung',
        querystring: listQuery,
        response: {
          200: paginated(apiKey).meta({ example: { count: 1, next: null, previous: null, results: [EXAMPLE_KEY] } }),
        },
      },
    },
    async (request) => {
      requireAdmin(callerOf(request));
      const page = await repo.listKeys(ctx.db, pageWindow(request.query));
      return paginate('/api/admin/integration/keys/', request.query, page.count, page.rows.map(toApiKey));
    },
  );

  r.get(
    '/integration/keys/:id/',
    {
      schema: {
        summary: 'Ein API-Schlüssel (nur Administratoren)',
        params: idParam,
        response: { 200: apiKey.meta({ example: EXAMPLE_KEY }) },
      },
    },
    async (request) => toApiKey(await keyForAdmin(ctx, callerOf(request), request.params.id)),
  );

  r.post(
    '/integration/keys/',
    {
      schema: {
        summary: 'API-Schlüssel anlegen; der Schlüssel steht nur in dieser Antwort',
        description: 'Gespeichert wird nur der SHA-256 des Schlüssels. Die Standorte müssen existieren.',
        body: apiKeyCreate.meta({
          example: {
            name: 'ERP Wodis',
            location_ids: [2],
            scopes: ['tickets:read', 'tickets:write'],
            expires_at: null,
          },
        }),
        response: {
          201: apiKeyCreated.meta({
            example: { ...EXAMPLE_KEY, last_used_at: null, key: 'hp_7Kq2mZ4xR1vB8nT3yL6wP0sD5fG9hJ2kA4cE7uQ1iOx' },
          }),
        },
      },
    },
    async (request, reply) => {
      const { row, key } = await createApiKey(ctx, callerOf(request), request.body);
      reply.code(201);
      return { ...toApiKey(row), key };
    },
  );

  r.post(
    '/integration/keys/:id/revoke/',
    {
      schema: {
        summary: 'API-Schlüssel widerrufen: ab der nächsten Anfrage (auf jedem Prozess) 401',
        params: idParam,
        response: {
          200: apiKey.meta({ example: { ...EXAMPLE_KEY, revoked_at: '2025-03-05T10:00:00.000Z', state: 'revoked' } }),
        },
      },
    },
    async (request) => toApiKey(await revokeApiKey(ctx, callerOf(request), request.params.id)),
  );
}
