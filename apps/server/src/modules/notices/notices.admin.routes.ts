import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTICE_ENDS_IN_PAST, adminNotice, idParam, noticeInput, noticeQuery, paginated } from '@hausportal/contract';
import { z } from 'zod';
import { inTransaction, type DB } from '../../db/database.js';
import { noticePublished } from '../notifications/events.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentUser, listScope, managerLocations } from '../auth/policies.js';
import { toAdminNotice } from './notices.presenter.js';
import {
  createNotice,
  deleteNotice,
  findNotice,
  listNotices,
  updateNotice,
  type NoticeRow,
} from './notices.repository.js';

const tags = ['admin: notices'];
const security = [{ token: [] }];
type Input = z.output<typeof noticeInput>;

/**
 * Every location of the notice must be the caller's. A new end date must lie ahead; an unchanged
 * one may have passed, so an ended notice can still be corrected (or given a new end).
 */
async function checked(request: FastifyRequest, v: Input, before?: NoticeRow) {
  const mine = await managerLocations(request);
  if (v.location_ids.some((id) => !mine.includes(id))) throw notFound();
  const unchanged = before?.ends_at && v.ends_at && Date.parse(before.ends_at) === Date.parse(v.ends_at);
  if (v.ends_at && !unchanged && Date.parse(v.ends_at) <= Date.now()) {
    throw fieldError('ends_at', NOTICE_ENDS_IN_PAST);
  }
  return v;
}

/** What the audit log keeps of a notice. */
const snapshot = (n: NoticeRow) => ({
  title: n.title,
  text: n.text,
  important: Boolean(n.important),
  ends_at: n.ends_at,
  location_ids: n.locations.map((l) => l.id),
});

/** Aushänge: official notices, published without moderation to one or more locations. */
export async function noticesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, notifier } = app.ctx;

  /** One audit entry per location the write touches, so each location's log shows it. */
  async function auditEach(
    trx: DB,
    request: FastifyRequest,
    action: string,
    id: number,
    before: NoticeRow | undefined,
    after: NoticeRow | undefined,
  ) {
    const locations = new Set([...(before?.locations ?? []), ...(after?.locations ?? [])].map((l) => l.id));
    for (const locationId of locations) {
      await audit(trx, {
        userId: currentUser(request).id,
        action,
        entity: 'notice',
        entityId: id,
        locationId,
        before: before && snapshot(before),
        after: after && snapshot(after),
        ip: request.ip,
      });
    }
  }

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
      const shown = await listScope(request, q.location_id);
      const page = await listNotices(db, await managerLocations(request), pageWindow(q), shown);
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
      const v = await checked(request, request.body);
      const mine = await managerLocations(request);
      const created = await inTransaction(db, async (trx) => {
        const id = await createNotice(trx, v, currentUser(request).id);
        const row = (await findNotice(trx, id, mine))!;
        await auditEach(trx, request, 'notice_created', id, undefined, row);
        await noticePublished(trx, notifier, id);
        return row;
      });
      notifier.kick();
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
      const mine = await managerLocations(request);
      const before = await findNotice(db, request.params.id, mine);
      if (!before) throw notFound();
      const v = await checked(request, request.body, before);
      const after = await inTransaction(db, async (trx) => {
        await updateNotice(trx, before.id, v);
        const row = (await findNotice(trx, before.id, mine))!;
        await auditEach(trx, request, 'notice_updated', before.id, before, row);
        return row;
      });
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
      const before = await findNotice(db, request.params.id, await managerLocations(request));
      if (!before) throw notFound();
      await inTransaction(db, async (trx) => {
        await deleteNotice(trx, before.id);
        await auditEach(trx, request, 'notice_deleted', before.id, before, undefined);
      });
      return reply.code(204).send(null);
    },
  );
}
