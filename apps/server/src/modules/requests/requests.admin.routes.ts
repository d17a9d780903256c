import type { FastifyInstance } from 'fastify';
import { adminProviderRequest, adminRequestUpdate, adminRequestsQuery, idParam, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, findInScope, listScope } from '../auth/policies.js';
import { updateRequest } from './requests.actions.js';
import { toAdminRequest } from './requests.presenter.js';
import * as repo from './requests.repository.js';

/** Provider requests as tracked cases in the back office, inside /api/admin and its manager guard. */
export async function requestAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: requests'], 'parent');
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/requests/',
    {
      schema: {
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
    { schema: { summary: 'Eine Anfrage', params: idParam, response: { 200: adminProviderRequest } } },
    async (request) => toAdminRequest(await findInScope(request, () => repo.findRequest(db, request.params.id))),
  );

  r.put(
    '/requests/:id/',
    {
      schema: {
        summary: 'Status und Notiz einer Anfrage setzen (die Notiz sieht die anfragende Person)',
        params: idParam,
        body: adminRequestUpdate,
        response: { 200: adminProviderRequest },
      },
    },
    async (request) => toAdminRequest(await updateRequest(ctx, callerOf(request), request.params.id, request.body)),
  );
}
