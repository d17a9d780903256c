import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MODERATION_STATUSES, idParam } from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { singlePage } from '../../lib/pagination.js';
import { audit } from '../../lib/audit.js';
import { currentUser, managerLocations } from '../auth/policies.js';
import { decide, listCommentsByStatus, listMessagesByStatus, type ModeratedKind } from './moderation.repository.js';

const tags = ['admin: moderation'];
const security = [{ token: [] }];
const decision = z.object({
  status: z.enum(['approved', 'rejected']),
  rejection_reason: z.string().trim().max(1000).optional(),
});
const statusQuery = z.object({ status: z.enum(MODERATION_STATUSES).default('pending') });

/** Posts and comments are moderated alike: a list by status and a decision each. */
const moderated = [
  {
    path: 'messages',
    kind: 'message',
    list: listMessagesByStatus,
    listSummary: 'Beiträge nach Status (Standard: pending)',
    decideSummary: 'Beitrag freigeben oder ablehnen (mit Begründung)',
  },
  {
    path: 'comments',
    kind: 'comment',
    list: listCommentsByStatus,
    listSummary: 'Kommentare nach Status (Standard: pending)',
    decideSummary: 'Kommentar freigeben oder ablehnen (mit Begründung)',
  },
] as const satisfies readonly { kind: ModeratedKind; [k: string]: unknown }[];

/** Back-office moderation, inside the /api/admin plugin and its manager guard. */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  for (const m of moderated) {
    r.get(
      `/${m.path}/`,
      { schema: { tags, security, summary: m.listSummary, querystring: statusQuery } },
      async (request) => {
        const rows: object[] = await m.list(db, await managerLocations(request), request.query.status);
        return singlePage(rows);
      },
    );

    r.put(
      `/${m.path}/:id/moderation/`,
      { schema: { tags, security, summary: m.decideSummary, params: idParam, body: decision } },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        if (!(await decide(db, m.kind, id, await managerLocations(request), request.body, user.id))) throw notFound();
        const { status, rejection_reason } = request.body;
        await audit(db, {
          userId: user.id,
          action: `${m.kind}_${status}`,
          entity: m.kind,
          entityId: id,
          details: { rejection_reason },
        });
        return { id, status };
      },
    );
  }
}
