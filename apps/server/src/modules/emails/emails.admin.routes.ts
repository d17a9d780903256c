import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminEmail, adminEmailDetail, adminEmailQuery, idParam, paginated } from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { nonFieldError, notFound } from '../../lib/errors.js';
import { requeueFailed } from '../../outbox/mail.repository.js';
import { paginate } from '../../lib/pagination.js';
import { currentUser, managerLocations, requireLocation } from '../auth/policies.js';
import { findEmail, listEmails } from '../../outbox/mail.repository.js';
import { toAdminEmail, toAdminEmailDetail } from './emails.presenter.js';

const tags = ['admin: mail'];
const security = [{ token: [] }];

/** An admin sees every mail, also staff mail without a location; a manager that of their locations. */
async function mailScope(request: FastifyRequest): Promise<number[] | null> {
  return currentUser(request).role === 'admin' ? null : managerLocations(request);
}

/** The outbox in the back office, inside the /api/admin plugin and its manager guard. */
export async function emailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, outbox } = app.ctx;

  r.get(
    '/emails/',
    {
      schema: {
        tags,
        security,
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
        await mailScope(request),
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
        tags,
        security,
        summary: 'Eine E-Mail mit Text (geheime Links entfernt)',
        params: idParam,
        response: { 200: adminEmailDetail },
      },
    },
    async (request) => {
      const row = await findEmail(db, await mailScope(request), request.params.id);
      if (!row) throw notFound();
      return toAdminEmailDetail(row);
    },
  );

  r.post(
    '/emails/:id/retry/',
    {
      schema: {
        tags,
        security,
        summary: 'Fehlgeschlagene E-Mail erneut senden',
        params: idParam,
        response: { 200: adminEmailDetail },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const scope = await mailScope(request);
      const row = await findEmail(db, scope, id);
      if (!row) throw notFound();
      if (row.status !== 'failed') throw nonFieldError('Nur fehlgeschlagene E-Mails können erneut gesendet werden.');
      const after = await inTransaction(db, async (trx) => {
        // The status condition makes two retries at once queue the mail only once.
        if ((await requeueFailed(trx, [id])) !== 1)
          throw nonFieldError('Nur fehlgeschlagene E-Mails können erneut gesendet werden.');
        await audit(trx, {
          userId: user.id,
          action: 'email_retried',
          entity: 'email',
          entityId: id,
          locationId: row.location_id,
          before: { status: row.status, attempts: row.attempts, last_error: row.last_error },
          after: { status: 'pending', attempts: 0 },
          ip: request.ip,
        });
        return (await findEmail(trx, scope, id))!;
      });
      outbox.kick();
      return toAdminEmailDetail(after);
    },
  );
}
