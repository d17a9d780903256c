import type { FastifyInstance } from 'fastify';
import { auditEntry, auditQuery, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentUser, managerLocations, requireLocation } from '../auth/policies.js';
import { listAudit } from '../audit/audit.repository.js';
import { toAuditEntry } from './audit-log.presenter.js';

/** The audit log in the back office, inside the /api/admin plugin and its manager guard. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: audit'], 'parent');
  const { db } = app.ctx;

  r.get(
    '/audit/',
    {
      schema: {
        summary: 'Protokoll der Änderungen, neueste zuerst (Filter: Standort, Person, Art)',
        querystring: auditQuery,
        response: { 200: paginated(auditEntry) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.location_id !== undefined) await requireLocation(request, q.location_id);
      const scope = currentUser(request).role === 'admin' ? null : await managerLocations(request);
      const page = await listAudit(
        db,
        scope,
        { locationId: q.location_id, userId: q.user_id, entity: q.entity },
        pageWindow(q),
      );
      return paginate('/api/admin/audit/', q, page.count, page.rows.map(toAuditEntry));
    },
  );
}
