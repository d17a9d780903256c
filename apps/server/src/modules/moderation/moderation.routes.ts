import type { FastifyInstance } from 'fastify';
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
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, listScope } from '../auth/policies.js';
import { approveItems, decideItem } from './moderation.actions.js';
import { toAdminComment, toAdminMessage } from './moderation.presenter.js';
import { listCommentsByStatus, listMessagesByStatus, moderationSummary as summary } from './moderation.repository.js';

/** Back-office moderation of posts and comments, inside the /api/admin plugin and its manager guard. */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: moderation'], 'parent');
  const { ctx } = app;
  const { db, signer } = ctx;

  r.get(
    '/moderation/summary/',
    {
      schema: {
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
        await decideItem(ctx, callerOf(request), kind, id, request.body);
        return { id, status: request.body.status };
      },
    );
  }

  r.post(
    '/moderation/bulk/',
    {
      schema: {
        summary: 'Mehrere Beiträge und Kommentare gemeinsam freigeben (alle oder keiner)',
        body: bulkApproval,
        response: { 200: bulkApproved },
      },
    },
    async (request) => ({ approved: await approveItems(ctx, callerOf(request), request.body.items) }),
  );
}
