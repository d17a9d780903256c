import type { FastifyInstance } from 'fastify';
import { listQuery, myProviderRequest, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { toMyRequest } from './requests.presenter.js';
import { listOwnRequests } from './requests.repository.js';

/** The resident's own provider requests ('Meine Anfragen'); they are made in the services module. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['providers'], requireUser);
  const { db } = app.ctx;

  r.get(
    '/api/requests/',
    {
      schema: {
        summary: 'Meine Anfragen: die eigenen Anfragen an Anbieter mit Status und Notiz der Verwaltung, neueste zuerst',
        querystring: listQuery,
        response: { 200: paginated(myProviderRequest) },
      },
    },
    async (request) => {
      const page = await listOwnRequests(db, currentResident(request).id, pageWindow(request.query));
      return paginate('/api/requests/', request.query, page.count, page.rows.map(toMyRequest));
    },
  );
}
