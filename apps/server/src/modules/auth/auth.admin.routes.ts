import type { FastifyInstance } from 'fastify';
import { listQuery, paginated, staffMe, staffMember } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { listStaff, locationsByIds } from './auth.repository.js';
import { currentUser, managerLocations } from './policies.js';

/** The signed-in staff member and their colleagues, inside the /api/admin plugin and its manager guard. */
export async function staffSessionRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: session'], 'parent');
  const { db, config } = app.ctx;

  r.get(
    '/me/',
    {
      schema: {
        summary: 'Angemeldete Person der Hausverwaltung mit ihren Standorten und den Zugangstagen um Ein- und Auszug',
        response: { 200: staffMe },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role === 'admin' ? ('admin' as const) : ('manager' as const),
        locations: await locationsByIds(db, await managerLocations(request)),
        access_days: {
          opens_before_move_in: config.access.opensDaysBeforeMoveIn,
          closes_after_move_out: config.access.closesDaysAfterMoveOut,
        },
      };
    },
  );

  r.get(
    '/staff/',
    {
      schema: {
        summary: 'Personen der Hausverwaltung für den Filter im Protokoll',
        querystring: listQuery,
        response: { 200: paginated(staffMember) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const scope = user.role === 'admin' ? null : await managerLocations(request);
      const page = await listStaff(db, user.id, scope, pageWindow(request.query));
      return paginate('/api/admin/staff/', request.query, page.count, page.rows);
    },
  );
}
