import type { FastifyInstance } from 'fastify';
import {
  MAX_PDFS_PER_POST,
  MAX_PHOTOS_PER_POST,
  PAGE_SIZE,
  comment as commentSchema,
  commentCreate,
  idParam,
  likeResponse,
  listQuery,
  message as messageSchema,
  messageCreate,
  messageCreated,
  messageDocumentForm,
  messageResubmit,
  messageDocument,
  pageQuery,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { readForm } from '../../lib/uploads.js';
import { currentResident, requireUser, verifyUser, type Resident } from '../auth/policies.js';
import { addAttachment, addComment, createPost, like, resubmitPost, visibleMessage } from './messages.actions.js';
import { FeedCache, feedPage } from './messages.feed.js';
import { toAttachment, toComment, toMessage } from './messages.presenter.js';
import * as repo from './messages.repository.js';

/** One attachment of a post: the file in `document`, the name it is shown with in `name`. */
const attachmentUpload = { file: { field: 'document', required: true }, fields: messageDocumentForm };

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['messages'], requireUser);
  const { ctx } = app;
  const { db, signer } = ctx;
  const feed = new FeedCache();

  const viewer = (u: Resident) => ({ userId: u.id, locationId: u.locationId });

  r.get(
    '/api/messages/',
    {
      config: { deferTokenCheck: true },
      schema: {
        summary: 'Pinnwand, neueste zuerst',
        querystring: pageQuery,
        response: { 200: paginated(messageSchema) },
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      const read = (user: Resident) =>
        feedPage(db, feed, signer, viewer(user), page, PAGE_SIZE, request.tokenUnchecked ? user : undefined);
      // The token from the cache is checked in the page's own statement; if it fails (logout,
      // deactivation, a move), the full check answers 401 or brings the user up to date.
      let result = await read(currentResident(request));
      if (!result) {
        await verifyUser(request);
        result = (await read(currentResident(request)))!;
      }
      // The envelope as JSON up to its results, then the page's bytes (messages.feed.ts).
      const head = JSON.stringify(paginate('/api/messages/', { page }, result.count, [])).slice(0, -2);
      // Bytes are sent as they are; the type of `send` only knows the schema's object.
      return reply.type('application/json; charset=utf-8').send(result.body(head) as never);
    },
  );

  r.post(
    '/api/messages/',
    {
      schema: {
        summary: 'Neuen Beitrag anlegen (wird moderiert)',
        body: messageCreate,
        response: { 201: messageCreated },
      },
    },
    async (request, reply) => {
      const created = await createPost(ctx, currentResident(request), request.body.text);
      reply.code(201);
      return created;
    },
  );

  r.get(
    '/api/messages/:id/',
    { schema: { summary: 'Ein Beitrag', params: idParam, response: { 200: messageSchema } } },
    async (request) => {
      const user = currentResident(request);
      return toMessage(await visibleMessage(db, user, request.params.id), user.id, signer);
    },
  );

  r.put(
    '/api/messages/:id/',
    {
      schema: {
        summary: 'Einen abgelehnten eigenen Beitrag bearbeiten und erneut einreichen',
        params: idParam,
        body: messageResubmit,
        response: { 200: messageCreated },
      },
    },
    async (request) => {
      const { id } = request.params;
      await resubmitPost(ctx, currentResident(request), id, request.body.text);
      return { id, status: 'pending' as const };
    },
  );

  r.get(
    '/api/messages/:id/comments/',
    {
      schema: {
        summary: 'Kommentare eines Beitrags',
        params: idParam,
        querystring: listQuery,
        response: { 200: paginated(commentSchema) },
      },
    },
    async (request) => {
      const user = currentResident(request);
      await visibleMessage(db, user, request.params.id);
      const page = await repo.listComments(db, user.id, request.params.id, pageWindow(request.query));
      const results = page.rows.map((c) => toComment(c, signer, user.id));
      return paginate(`/api/messages/${request.params.id}/comments/`, request.query, page.count, results);
    },
  );

  r.post(
    '/api/messages/:id/comments/',
    {
      schema: {
        summary: 'Kommentieren (nur Rezeption; wird moderiert)',
        params: idParam,
        body: commentCreate,
        response: { 201: commentSchema },
      },
    },
    async (request, reply) => {
      const user = currentResident(request);
      const created = await addComment(ctx, user, request.params.id, request.body.text);
      reply.code(201);
      return toComment(
        {
          ...created,
          user_id: user.id,
          rejection_reason: null,
          user_name: user.name,
          user_image: user.profilePicture,
        },
        signer,
        user.id,
      );
    },
  );

  for (const [suffix, on] of [
    ['like', true],
    ['unlike', false],
  ] as const) {
    r.put(
      `/api/messages/:id/${suffix}/`,
      {
        schema: {
          summary: on ? 'Gefällt mir (nur Rezeption)' : 'Gefällt mir zurücknehmen (nur Rezeption)',
          params: idParam,
          response: { 200: likeResponse },
        },
      },
      async (request) => ({
        like_count: await like(ctx, currentResident(request), request.params.id, on),
        self_liked: on,
      }),
    );
  }

  r.post(
    '/api/messages/:id/documents/',
    {
      schema: {
        summary: `Anhang hochladen (multipart: name, document). Höchstens ${MAX_PHOTOS_PER_POST} Bilder und ${MAX_PDFS_PER_POST} PDFs je Beitrag`,
        params: idParam,
        consumes: ['multipart/form-data'],
        multipart: attachmentUpload,
        response: { 201: messageDocument },
      },
    },
    async (request, reply) => {
      const row = await addAttachment(ctx, currentResident(request), request.params.id, async () => {
        const form = await readForm(request, attachmentUpload);
        const file = form.file!;
        return { ...file, name: form.fields.name || file.filename.replace(/\.[^.]*$/, '').slice(0, 255) || 'Anhang' };
      });
      reply.code(201);
      return toAttachment(row, signer);
    },
  );
}
