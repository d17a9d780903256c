import type { FastifyInstance } from 'fastify';
import { paginated, reportDecided, reportDecision, reportQueueQuery, reportedItem } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, listScope } from '../auth/policies.js';
import { decideReports } from './reports.actions.js';
import { listReportedItems } from './reports.repository.js';

/** Reported items in the back office's moderation, inside the /api/admin plugin and its manager guard. */
export async function reportAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: moderation'], 'parent');
  const { ctx } = app;

  r.get(
    '/reports/',
    {
      schema: {
        summary: 'Gemeldete Beiträge und Kommentare, einer je Eintrag, mit allen Gründen',
        querystring: reportQueueQuery,
        response: { 200: paginated(reportedItem) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listReportedItems(ctx.db, await listScope(request, q.location_id), q.status, pageWindow(q));
      return paginate('/api/admin/reports/', q, page.count, page.rows);
    },
  );

  r.post(
    '/reports/decision/',
    {
      schema: {
        summary: 'Über Hinweise auf Inhalte entscheiden: Entfernen (mit Begründung) oder Belassen',
        body: reportDecision,
        response: { 200: reportDecided },
      },
    },
    async (request) => {
      const { kind, id, decision, reason } = request.body;
      await decideReports(ctx, callerOf(request), kind, id, decision, reason || null);
      return { kind, id, decision };
    },
  );
}
