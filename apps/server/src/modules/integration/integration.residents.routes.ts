import type { FastifyInstance } from 'fastify';
import {
  externalIdParams,
  integrationResident,
  integrationResidentPut,
  integrationResidentQuery,
  integrationResidentUpserted,
  integrationSyncRequest,
  integrationSyncResult,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { keyCallerOf, requireScope } from './api-keys.guard.js';
import { NOT_KEY_LOCATION, syncResidents } from './integration.residents.actions.js';
import * as repo from './integration.residents.repository.js';
import { toIntegrationResident } from './integration.residents.presenter.js';

const example = {
  location_id: 2,
  apartment_number: 'A-12',
  name: 'Erika Mustermann',
  email: 'erika@example.org',
  is_receptionist: false,
  emergency_services_deactivated: false,
  move_in_on: '2026-11-01',
  move_out_on: null,
};

/** A resident as the integration reads one back (the example of the OpenAPI document). */
const RESIDENT = {
  id: 318,
  external_id: 'ERP-4711',
  ...example,
  is_active: true,
  access: 'open' as const,
  access_opens_on: '2026-10-18',
  access_closes_on: null,
  account_status: 'active' as const,
  invited_at: '2026-10-18T00:10:02.114Z',
  last_login_at: '2026-11-02T17:45:40.005Z',
  created_at: '2026-10-01T02:00:13.520Z',
};

/** The most bytes a sync call may send (the app's limit is 1 MB). */
const SYNC_BODY_LIMIT = 4 * 1_048_576;

/** The resident sync, inside the /api/integration plugin. */
export async function integrationResidentRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['integration: residents'], 'apiKey');
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/residents/',
    {
      onRequest: requireScope('residents:read'),
      schema: {
        summary: 'Bewohner:innen der Standorte des Schlüssels, nach Wohnungsnummer',
        querystring: integrationResidentQuery,
        response: {
          200: paginated(integrationResident).meta({
            example: { count: 1, next: null, previous: null, results: [RESIDENT] },
          }),
        },
      },
    },
    async (request) => {
      const key = keyCallerOf(request);
      const q = request.query;
      if (q.location_id !== undefined && !key.locationIds.includes(q.location_id)) throw notFound();
      const page = await repo.listSynced(
        db,
        key.locationIds,
        { locationId: q.location_id, externalId: q.external_id },
        pageWindow(q),
      );
      return paginate(
        '/api/integration/residents/',
        q,
        page.count,
        page.rows.map((row) => toIntegrationResident(row, ctx.config.access)),
      );
    },
  );

  r.get(
    '/residents/:external_id/',
    {
      onRequest: requireScope('residents:read'),
      schema: {
        summary: 'Eine Bewohnerin oder ein Bewohner nach externer ID',
        params: externalIdParams,
        response: { 200: integrationResident.meta({ example: RESIDENT }) },
      },
    },
    async (request) => {
      const row = await repo.findSynced(db, keyCallerOf(request).locationIds, request.params.external_id);
      if (!row) throw notFound();
      return toIntegrationResident(row, ctx.config.access);
    },
  );

  r.put(
    '/residents/:external_id',
    {
      onRequest: requireScope('residents:write'),
      schema: {
        summary: 'Bewohner:in aus dem ERP anlegen oder ändern (idempotent)',
        description:
          'Legt an (201, result "created") oder ändert (200, "updated"); derselbe Aufruf noch einmal ändert nichts (200, "unchanged") und schreibt keinen Protokolleintrag. Der Zugang öffnet sich nach ACCESS_OPENS_DAYS_BEFORE_MOVE_IN Tagen vor dem Einzug (dann geht die Einladung hinaus) und endet ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT Tage nach dem Auszug.',
        params: externalIdParams,
        body: integrationResidentPut.meta({ example }),
        response: {
          200: integrationResidentUpserted.meta({ example: { result: 'unchanged', resident: RESIDENT } }),
          201: integrationResidentUpserted.meta({ example: { result: 'created', resident: RESIDENT } }),
        },
      },
    },
    async (request, reply) => {
      const key = keyCallerOf(request);
      const externalId = request.params.external_id;
      if (!key.locationIds.includes(request.body.location_id)) throw new ApiError(403, { detail: NOT_KEY_LOCATION });
      const { result, outcomes } = await syncResidents(ctx, key, [{ ...request.body, external_id: externalId }], {
        deactivateMissing: false,
      });
      const failed = result.errors[0];
      if (failed) throw new ApiError(400, failed.errors);
      const outcome = outcomes.get(0)!;
      const row = (await repo.findSynced(db, key.locationIds, externalId))!;
      reply.code(outcome === 'created' ? 201 : 200);
      return { result: outcome, resident: toIntegrationResident(row, ctx.config.access) };
    },
  );

  r.post(
    '/residents/sync',
    {
      onRequest: requireScope('residents:write'),
      // 5,000 records with every field and typical values are about 1.3 MB, more than the app's
      // 1 MB (a full sync was refused with 413); 4 MB leaves room for long names and addresses.
      bodyLimit: SYNC_BODY_LIMIT,
      schema: {
        summary: 'Abgleich: bis zu 5.000 Bewohner:innen auf einmal',
        description:
          'Jeder Datensatz wird für sich geprüft; ein fehlerhafter wird mit Index und Feldfehlern gemeldet und hält die anderen nicht auf. Mit deactivate_missing werden aktive Bewohner:innen der Standorte des Schlüssels mit externer ID deaktiviert, die nicht genannt sind; Bewohner:innen ohne externe ID bleiben unberührt.',
        body: integrationSyncRequest.meta({
          example: { records: [{ external_id: 'ERP-4711', ...example }], deactivate_missing: false },
        }),
        response: { 200: integrationSyncResult },
      },
    },
    async (request) => {
      const { result } = await syncResidents(ctx, keyCallerOf(request), request.body.records, {
        deactivateMissing: request.body.deactivate_missing,
      });
      return result;
    },
  );
}
