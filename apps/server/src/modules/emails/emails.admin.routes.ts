import type { FastifyInstance } from 'fastify';
import { adminEmail, adminEmailDetail, adminEmailQuery, idParam, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { findEmail, listEmails } from '../../outbox/mail.repository.js';
import { callerOf, currentUser, requireLocation } from '../auth/policies.js';
import { mailScope, retryMail } from './emails.actions.js';
import { toAdminEmail, toAdminEmailDetail } from './emails.presenter.js';

/** The outbox in the back office, inside the /api/admin plugin and its manager guard. */
export async function emailRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: mail'], 'parent');
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/emails/',
    {
      schema: {
        summary: 'E-Mails im Postausgang, neueste zuerst',
        querystring: adminEmailQuery,
        response: { 200: paginated(adminEmail) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.location_id !== undefined) await requireLocation(request, q.location_id);
      const page = await listEmails(
        db,
        await mailScope(db, currentUser(request)),
        { status: q.status, locationId: q.location_id },
        pageWindow(q),
      );
      return paginate('/api/admin/emails/', q, page.count, page.rows.map(toAdminEmail));
    },
  );

  r.get(
    '/emails/:id/',
    {
      schema: {
        summary: 'Eine E-Mail mit Text (geheime Links entfernt)',
        params: idParam,
        response: { 200: adminEmailDetail },
      },
    },
    async (request) => {
      const row = await findEmail(db, await mailScope(db, currentUser(request)), request.params.id);
      if (!row) throw notFound();
      return toAdminEmailDetail(row);
    },
  );

  r.post(
    '/emails/:id/retry/',
    {
      schema: {
        summary: 'Fehlgeschlagene E-Mail erneut senden',
        params: idParam,
        response: { 200: adminEmailDetail },
      },
    },
    async (request) => toAdminEmailDetail(await retryMail(ctx, callerOf(request), request.params.id)),
  );
}
