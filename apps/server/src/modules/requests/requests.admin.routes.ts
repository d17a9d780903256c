import { paginate } from '../../lib/pagination.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminProviderRequest, adminRequestUpdate, adminRequestsQuery, idParam, paginated } from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { requestChanged } from '../notifications/events.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { nowIso } from '../../lib/time.js';
import { currentUser, findInScope, listScope } from '../auth/policies.js';
import { auditRequest, toAdminRequest } from './requests.presenter.js';
import * as repo from './requests.repository.js';

const tags = ['admin: requests'];
const security = [{ token: [] }];

/** Provider requests as tracked cases in the back office, inside /api/admin and its manager guard. */
export async function requestAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, notifier } = app.ctx;

  /** The request, if it was made at one of the caller's locations; else 404. */
  const inScope = (request: FastifyRequest, id: number) => findInScope(request, () => repo.findRequest(db, id));

  r.get(
    '/requests/',
    {
      schema: {
        tags,
        security,
        summary: 'Anfragen an Anbieter, neueste zuerst (Filter: location_id, status)',
        querystring: adminRequestsQuery,
        response: { 200: paginated(adminProviderRequest) },
      },
    },
    async (request) => {
      const { location_id, status } = request.query;
      const page = await repo.listRequests(
        db,
        { locationIds: await listScope(request, location_id), status },
        pageWindow(request.query),
      );
      return paginate('/api/admin/requests/', request.query, page.count, page.rows.map(toAdminRequest));
    },
  );

  r.get(
    '/requests/:id/',
    {
      schema: { tags, security, summary: 'Eine Anfrage', params: idParam, response: { 200: adminProviderRequest } },
    },
    async (request) => toAdminRequest(await inScope(request, request.params.id)),
  );

  r.put(
    '/requests/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Status und Notiz einer Anfrage setzen (die Notiz sieht die anfragende Person)',
        params: idParam,
        body: adminRequestUpdate,
        response: { 200: adminProviderRequest },
      },
    },
    async (request) => {
      const before = await inScope(request, request.params.id);
      const { status, note } = request.body;
      const after = await inTransaction(db, async (trx) => {
        await repo.updateRequest(trx, before.id, { status, note, updatedAt: nowIso() });
        const row = (await repo.findRequest(trx, before.id))!;
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'provider_request_updated',
          entity: 'provider_request',
          entityId: before.id,
          locationId: before.location_id,
          before: auditRequest(before),
          after: auditRequest(row),
          ip: request.ip,
        });
        if (row.status !== before.status || row.note !== before.note) await requestChanged(trx, notifier, before.id);
        return row;
      });
      notifier.kick();
      return toAdminRequest(after);
    },
  );
}
