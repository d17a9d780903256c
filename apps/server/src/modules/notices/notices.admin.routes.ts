import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTICE_ENDS_IN_PAST, adminNotice, idParam, noticeInput, noticeQuery, paginated } from '@hausportal/contract';
import { z } from 'zod';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentUser, listScope, managerLocations } from '../auth/policies.js';
import { toAdminNotice } from './notices.presenter.js';
import { createNotice, deleteNotice, findNotice, listNotices, updateNotice } from './notices.repository.js';

const tags = ['admin: notices'];
const security = [{ token: [] }];

/** Every location of the notice must be the caller's; an end date must lie ahead. */
async function checked(request: FastifyRequest, v: z.output<typeof noticeInput>) {
  const mine = await managerLocations(request);
  if (v.location_ids.some((id) => !mine.includes(id))) throw notFound();
  if (v.ends_at && Date.parse(v.ends_at) <= Date.now()) throw fieldError('ends_at', NOTICE_ENDS_IN_PAST);
  return v;
}

/** Aushänge: official notices, published without moderation to one or more locations. */
export async function noticesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/notices/',
    {
      schema: {
        tags,
        security,
        summary: 'Aushänge, neueste zuerst',
        querystring: noticeQuery,
        response: { 200: paginated(adminNotice) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listNotices(db, await listScope(request, q.location_id), pageWindow(q));
      return paginate(
        '/api/admin/notices/',
        q,
        page.count,
        page.rows.map((n) => toAdminNotice(n)),
      );
    },
  );

  r.post(
    '/notices/',
    {
      schema: { tags, security, summary: 'Aushang veröffentlichen', body: noticeInput, response: { 201: adminNotice } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const v = await checked(request, request.body);
      const id = await createNotice(db, v, user.id);
      const created = (await findNotice(db, id, await managerLocations(request)))!;
      for (const { id: locationId } of created.locations) {
        await audit(db, {
          userId: user.id,
          action: 'notice_created',
          entity: 'notice',
          entityId: id,
          locationId,
          after: toAdminNotice(created),
        });
      }
      reply.code(201);
      return toAdminNotice(created);
    },
  );

  r.get(
    '/notices/:id/',
    { schema: { tags, security, summary: 'Ein Aushang', params: idParam, response: { 200: adminNotice } } },
    async (request) => {
      const found = await findNotice(db, request.params.id, await managerLocations(request));
      if (!found) throw notFound();
      return toAdminNotice(found);
    },
  );

  r.put(
    '/notices/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Aushang ändern',
        params: idParam,
        body: noticeInput,
        response: { 200: adminNotice },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const mine = await managerLocations(request);
      const before = await findNotice(db, request.params.id, mine);
      if (!before) throw notFound();
      const v = await checked(request, request.body);
      await updateNotice(db, before.id, v);
      const after = (await findNotice(db, before.id, mine))!;
      for (const locationId of new Set([...before.locations, ...after.locations].map((l) => l.id))) {
        await audit(db, {
          userId: user.id,
          action: 'notice_updated',
          entity: 'notice',
          entityId: before.id,
          locationId,
          before: toAdminNotice(before),
          after: toAdminNotice(after),
        });
      }
      return toAdminNotice(after);
    },
  );

  r.delete(
    '/notices/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Aushang löschen',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const before = await findNotice(db, request.params.id, await managerLocations(request));
      if (!before) throw notFound();
      await deleteNotice(db, before.id);
      for (const { id: locationId } of before.locations) {
        await audit(db, {
          userId: user.id,
          action: 'notice_deleted',
          entity: 'notice',
          entityId: before.id,
          locationId,
          before: toAdminNotice(before),
        });
      }
      return reply.code(204).send(null);
    },
  );
}
