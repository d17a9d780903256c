import type { FastifyInstance } from 'fastify';
import {
  REPORT_RECEIVED,
  idParam,
  myReport,
  myReportsQuery,
  paginated,
  reportCreate,
  reportReceived,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { reportItem } from './reports.actions.js';
import { listOwnReports } from './reports.repository.js';

/** Residents report posts and comments (DSA Art. 16) and read what was decided. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['reports'], requireUser);
  const { ctx } = app;

  for (const kind of ['message', 'comment'] as const) {
    r.post(
      `/api/${kind}s/:id/report/`,
      {
        schema: {
          summary: kind === 'message' ? 'Einen Beitrag melden' : 'Einen Kommentar melden',
          params: idParam,
          body: reportCreate,
          response: { 200: reportReceived, 201: reportReceived },
        },
      },
      async (request, reply) => {
        const { reason, text } = request.body;
        const report = await reportItem(ctx, currentResident(request), kind, request.params.id, reason, text ?? '');
        // 201 for a new report, 200 when the resident had reported this item before.
        reply.code(report.created ? 201 : 200);
        return { id: report.id, status: report.status, detail: REPORT_RECEIVED };
      },
    );
  }

  r.get(
    '/api/reports/',
    {
      schema: {
        summary: 'Meine Hinweise auf Inhalte und die Entscheidungen dazu',
        querystring: myReportsQuery,
        response: { 200: paginated(myReport) },
      },
    },
    async (request) => {
      const { message_id } = request.query;
      const page = await listOwnReports(ctx.db, currentResident(request).id, pageWindow(request.query), message_id);
      return paginate('/api/reports/', request.query, page.count, page.rows);
    },
  );
}
