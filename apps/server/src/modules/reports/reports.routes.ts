import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REPORT_RECEIVED,
  idParam,
  listQuery,
  myReport,
  paginated,
  reportCreate,
  reportReceived,
} from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { awaitingModeration } from '../notifications/events.js';
import { createReport, listOwnReports } from './reports.repository.js';

const tags = ['reports'];
const security = [{ token: [] }];

/** Residents report posts and comments (DSA Art. 16) and read what was decided. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, writes, notifier } = app.ctx;

  for (const kind of ['message', 'comment'] as const) {
    r.post(
      `/api/${kind}s/:id/report/`,
      {
        schema: {
          tags,
          security,
          summary: kind === 'message' ? 'Einen Beitrag melden' : 'Einen Kommentar melden',
          params: idParam,
          body: reportCreate,
          response: { 200: reportReceived, 201: reportReceived },
        },
      },
      async (request, reply) => {
        const user = currentResident(request);
        await writes.take('report', user.id);
        const { reason, text } = request.body;
        const report = await inTransaction(db, async (trx) => {
          const made = await createReport(
            trx,
            { userId: user.id, locationId: user.locationId },
            kind,
            request.params.id,
            reason,
            text ?? '',
          );
          if (made?.created) await awaitingModeration(trx, notifier, 'report', user.locationId);
          return made;
        });
        if (!report) throw notFound();
        notifier.kick();
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
        tags,
        security,
        summary: 'Meine Meldungen und die Entscheidungen dazu',
        querystring: listQuery,
        response: { 200: paginated(myReport) },
      },
    },
    async (request) => {
      const page = await listOwnReports(db, currentResident(request).id, pageWindow(request.query));
      return paginate('/api/reports/', request.query, page.count, page.rows);
    },
  );
}
