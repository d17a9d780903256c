import type { FastifyInstance } from 'fastify';
import { adminNotice, idParam, noticeInput, noticeQuery, paginated, textId } from '@hausportal/contract';
import { z } from 'zod';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { baseName, readForm } from '../../lib/uploads.js';
import { callerOf, listScope, managerLocations } from '../auth/policies.js';
import {
  attachToNotice,
  deleteNotice,
  detachFromNotice,
  noticeInReach,
  publishNotice,
  updateNotice,
} from './notices.actions.js';
import { toAdminNotice } from './notices.presenter.js';
import { listNotices } from './notices.repository.js';

/** One PDF of a notice, in `document`. */
const noticeAttachmentUpload = { file: { field: 'document', required: true }, fields: z.object({}) };

/** Aushänge: official notices, published without moderation to one or more locations. */
export async function noticesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: notices'], 'parent');
  const { ctx } = app;
  const { db, signer } = ctx;

  r.get(
    '/notices/',
    {
      schema: {
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
        page.rows.map((n) => toAdminNotice(n, signer)),
      );
    },
  );

  r.post(
    '/notices/',
    { schema: { summary: 'Aushang veröffentlichen', body: noticeInput, response: { 201: adminNotice } } },
    async (request, reply) => {
      const created = await publishNotice(ctx, callerOf(request), request.body);
      reply.code(201);
      return toAdminNotice(created, signer);
    },
  );

  r.get(
    '/notices/:id/',
    { schema: { summary: 'Ein Aushang', params: idParam, response: { 200: adminNotice } } },
    async (request) =>
      toAdminNotice(await noticeInReach(db, await managerLocations(request), request.params.id), signer),
  );

  r.put(
    '/notices/:id/',
    {
      schema: {
        summary: 'Aushang ändern',
        params: idParam,
        body: noticeInput,
        response: { 200: adminNotice },
      },
    },
    async (request) =>
      toAdminNotice(await updateNotice(ctx, callerOf(request), request.params.id, request.body), signer),
  );

  r.delete(
    '/notices/:id/',
    {
      schema: {
        summary: 'Aushang löschen',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      await deleteNotice(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/notices/:id/attachments/',
    {
      schema: {
        summary: 'PDF an einen Aushang anhängen (multipart: document, bis 10 MB, höchstens 5 je Aushang)',
        params: idParam,
        consumes: ['multipart/form-data'],
        multipart: noticeAttachmentUpload,
        response: { 201: adminNotice },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, noticeAttachmentUpload);
      const file = form.file!;
      const row = await attachToNotice(ctx, callerOf(request), request.params.id, {
        ...file,
        filename: baseName(file.filename),
      });
      reply.code(201);
      return toAdminNotice(row, signer);
    },
  );

  r.delete(
    '/notices/:id/attachments/:attachmentId/',
    {
      schema: {
        summary: 'PDF eines Aushangs entfernen',
        params: z.object({ id: textId, attachmentId: textId }),
        response: { 200: adminNotice },
      },
    },
    async (request) =>
      toAdminNotice(
        await detachFromNotice(ctx, callerOf(request), request.params.id, request.params.attachmentId),
        signer,
      ),
  );
}
