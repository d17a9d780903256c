import type { FastifyInstance } from 'fastify';
import { adminApartmentList, adminApartmentsQuery } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { requireLocation } from '../auth/policies.js';
import { listApartments } from './apartments.repository.js';

/**
 * The apartments of a location for the back office's apartment picker (documents, a
 * ticket taken for a resident, later parcels), inside /api/admin and its manager guard. Numbers
 * and counts only: the picker needs no names.
 */
export async function apartmentAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: residents'], 'parent');
  const { db } = app.ctx;

  r.get(
    '/apartments/',
    {
      schema: {
        summary: 'Wohnungen eines eigenen Standorts, nach Nummer (Filter: search); mit Zahl der aktiven Bewohner:innen',
        querystring: adminApartmentsQuery,
        response: { 200: adminApartmentList },
      },
    },
    async (request) => {
      const q = request.query;
      // Another location answers 404, as every back-office route does (it reveals nothing).
      await requireLocation(request, q.location_id);
      const { count, rows } = await listApartments(db, q.location_id, q.search, pageWindow(q));
      return paginate('/api/admin/apartments/', q, count, rows);
    },
  );
}
