import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminComment,
  adminMessage,
  bulkApproval,
  bulkApproved,
  idParam,
  moderationDecided,
  moderationDecision,
  moderationQuery,
  moderationSummary,
  moderationSummaryQuery,
  paginated,
  reportDecided,
  reportDecision,
  reportQueueQuery,
  reportedItem,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentUser, listScope, managerLocations } from '../auth/policies.js';
import { decideReports, listReportedItems } from '../reports/reports.repository.js';
import { toAdminComment, toAdminMessage } from './moderation.presenter.js';
import {
  approveAll,
  decide,
  listCommentsByStatus,
  listMessagesByStatus,
  moderationSummary as summary,
} from './moderation.repository.js';

const tags = ['admin: moderation'];
const security = [{ token: [] }];

/** Back-office moderation and reports, inside the /api/admin plugin and its manager guard. */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer, notifier } = app.ctx;

  r.get(
    '/moderation/summary/',
    {
      schema: {
        tags,
        security,
        summary: 'Was auf eine Entscheidung wartet (für die Navigation)',
        querystring: moderationSummaryQuery,
        response: { 200: moderationSummary },
      },
    },
    async (request) => summary(db, await listScope(request, request.query.location_id)),
  );

  r.get(
    '/messages/',
    {
      schema: {
        tags,
        security,
        summary: 'Beiträge nach Status; wartende zuerst die ältesten',
        querystring: moderationQuery,
        response: { 200: paginated(adminMessage) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listMessagesByStatus(db, await listScope(request, q.location_id), q.status, pageWindow(q));
      return paginate(
        '/api/admin/messages/',
        q,
        page.count,
        page.rows.map((m) => toAdminMessage(m, signer)),
      );
    },
  );

  r.get(
    '/comments/',
    {
      schema: {
        tags,
        security,
        summary: 'Kommentare nach Status, mit ihrem Beitrag; wartende zuerst die ältesten',
        querystring: moderationQuery,
        response: { 200: paginated(adminComment) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listCommentsByStatus(db, await listScope(request, q.location_id), q.status, pageWindow(q));
      return paginate('/api/admin/comments/', q, page.count, page.rows.map(toAdminComment));
    },
  );

  for (const kind of ['message', 'comment'] as const) {
    r.put(
      `/${kind}s/:id/moderation/`,
      {
        schema: {
          tags,
          security,
          summary:
            kind === 'message'
              ? 'Beitrag freigeben oder ablehnen (mit Begründung)'
              : 'Kommentar freigeben oder ablehnen (mit Begründung)',
          params: idParam,
          body: moderationDecision,
          response: { 200: moderationDecided },
        },
      },
      async (request) => {
        const { id } = request.params;
        const ok = await decide(
          db,
          kind,
          id,
          await managerLocations(request),
          request.body,
          currentUser(request).id,
          notifier,
        );
        if (!ok) throw notFound();
        notifier.kick();
        return { id, status: request.body.status };
      },
    );
  }

  r.post(
    '/moderation/bulk/',
    {
      schema: {
        tags,
        security,
        summary: 'Mehrere Beiträge und Kommentare gemeinsam freigeben (alle oder keiner)',
        body: bulkApproval,
        response: { 200: bulkApproved },
      },
    },
    async (request) => {
      const locations = await managerLocations(request);
      const approved = await approveAll(db, request.body.items, locations, currentUser(request).id, notifier);
      notifier.kick();
      return { approved };
    },
  );

  r.get(
    '/reports/',
    {
      schema: {
        tags,
        security,
        summary: 'Gemeldete Beiträge und Kommentare, einer je Eintrag, mit allen Gründen',
        querystring: reportQueueQuery,
        response: { 200: paginated(reportedItem) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listReportedItems(db, await listScope(request, q.location_id), q.status, pageWindow(q));
      return paginate('/api/admin/reports/', q, page.count, page.rows);
    },
  );

  r.post(
    '/reports/decision/',
    {
      schema: {
        tags,
        security,
        summary: 'Über Meldungen entscheiden: Entfernen (mit Begründung) oder Belassen',
        body: reportDecision,
        response: { 200: reportDecided },
      },
    },
    async (request) => {
      const { kind, id, decision, reason } = request.body;
      const ok = await decideReports(
        db,
        kind,
        id,
        await managerLocations(request),
        decision,
        reason || null,
        currentUser(request).id,
        notifier,
      );
      if (!ok) throw notFound();
      notifier.kick();
      return { kind, id, decision };
    },
  );
}
