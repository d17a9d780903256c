import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MODERATION_STATUSES, idParam } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { singlePage } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import { audit } from '../../lib/audit.js';
import { currentUser, requireManager } from '../auth/auth.hooks.js';
import { refreshApprovedCount, refreshCommentCount } from '../messages/messages.repository.js';

const tags = ['admin: moderation'];
const security = [{ token: [] }];
const decision = z.object({
  status: z.enum(['approved', 'rejected']),
  rejection_reason: z.string().trim().max(1000).optional(),
});
const listQuery = z.object({ status: z.enum(MODERATION_STATUSES).default('pending') });

/** The columns a decision sets. A rejection always carries a reason, which the author sees (DSA). */
function decisionColumns(d: z.infer<typeof decision>, moderatorId: number) {
  return {
    status: d.status,
    rejection_reason: d.status === 'rejected' ? d.rejection_reason || 'Verstößt gegen die Hausordnung.' : null,
    moderated_at: nowIso(),
    moderated_by: moderatorId,
  };
}

/** Location ids a manager runs. */
export async function managedLocationIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('manager_locations').select('location_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.location_id);
}

// Back-office moderation. The full back office is a later issue; this is what moderation needs.
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const locationsOf = (request: FastifyRequest) => managedLocationIds(db, currentUser(request).id);

  r.get(
    '/api/admin/messages/',
    {
      onRequest: requireManager,
      schema: { tags, security, summary: 'Beiträge nach Status (Standard: pending)', querystring: listQuery },
    },
    async (request) => {
      const locations = await locationsOf(request);
      if (locations.length === 0) return singlePage([]);
      const rows = await db
        .selectFrom('messages')
        .innerJoin('users', 'users.id', 'messages.user_id')
        .select([
          'messages.id',
          'messages.text',
          'messages.status',
          'messages.created_at',
          'messages.location_id',
          'messages.rejection_reason',
          'users.name as user_name',
          'users.apartment_number',
        ])
        .where('messages.location_id', 'in', locations)
        .where('messages.status', '=', request.query.status)
        .orderBy('messages.created_at', 'desc')
        .limit(100)
        .execute();
      return singlePage(rows);
    },
  );

  r.get(
    '/api/admin/comments/',
    {
      onRequest: requireManager,
      schema: { tags, security, summary: 'Kommentare nach Status (Standard: pending)', querystring: listQuery },
    },
    async (request) => {
      const locations = await locationsOf(request);
      if (locations.length === 0) return singlePage([]);
      const rows = await db
        .selectFrom('comments')
        .innerJoin('messages', 'messages.id', 'comments.message_id')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select([
          'comments.id',
          'comments.text',
          'comments.status',
          'comments.created_at',
          'comments.message_id',
          'users.name as user_name',
        ])
        .where('messages.location_id', 'in', locations)
        .where('comments.status', '=', request.query.status)
        .orderBy('comments.created_at', 'desc')
        .limit(100)
        .execute();
      return singlePage(rows);
    },
  );

  r.put(
    '/api/admin/messages/:id/moderation/',
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Beitrag freigeben oder ablehnen (mit Begründung)',
        params: idParam,
        body: decision,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const locations = await locationsOf(request);
      const { status, rejection_reason } = request.body;
      const target = await db
        .selectFrom('messages')
        .select(['id', 'location_id'])
        .where('id', '=', request.params.id)
        .where('location_id', 'in', locations.length ? locations : [-1])
        .executeTakeFirst();
      if (!target) throw notFound();
      await db
        .updateTable('messages')
        .set(decisionColumns(request.body, user.id))
        .where('id', '=', target.id)
        .execute();
      await refreshApprovedCount(db, target.location_id);
      await audit(db, {
        userId: user.id,
        action: `message_${status}`,
        entity: 'message',
        entityId: request.params.id,
        details: { rejection_reason },
      });
      return { id: request.params.id, status };
    },
  );

  r.put(
    '/api/admin/comments/:id/moderation/',
    {
      onRequest: requireManager,
      schema: {
        tags,
        security,
        summary: 'Kommentar freigeben oder ablehnen (mit Begründung)',
        params: idParam,
        body: decision,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const locations = await locationsOf(request);
      const { status, rejection_reason } = request.body;
      const target = await db
        .selectFrom('comments')
        .innerJoin('messages', 'messages.id', 'comments.message_id')
        .select(['comments.id', 'comments.message_id'])
        .where('comments.id', '=', request.params.id)
        .where('messages.location_id', 'in', locations.length ? locations : [-1])
        .executeTakeFirst();
      if (!target) throw notFound();
      await db
        .updateTable('comments')
        .set(decisionColumns(request.body, user.id))
        .where('id', '=', target.id)
        .execute();
      await refreshCommentCount(db, target.message_id);
      await audit(db, {
        userId: user.id,
        action: `comment_${status}`,
        entity: 'comment',
        entityId: target.id,
        details: { rejection_reason },
      });
      return { id: target.id, status };
    },
  );
}
