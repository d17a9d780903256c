import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  messageResubmit,
  NOT_REJECTED,
  messageDocument,
  pageQuery,
  paginated,
} from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { ApiError, fieldError, forbidden, nonFieldError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { formParts, readUpload } from '../../lib/uploads.js';
import { audit } from '../../lib/audit.js';
import { currentResident, requireReceptionist, requireUser, verifyUser, type Resident } from '../auth/policies.js';
import { awaitingModeration } from '../notifications/events.js';
import { storeAttachment } from './messages.attachments.js';
import { FeedCache, feedPage } from './messages.feed.js';
import { toAttachment, toComment, toMessage } from './messages.presenter.js';
import * as repo from './messages.repository.js';

const tags = ['messages'];
const security = [{ token: [] }];
const notApproved = () => new ApiError(400, { detail: 'Dieser Beitrag ist noch nicht freigegeben.' });

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer, writes, notifier } = app.ctx;
  const feed = new FeedCache();

  const viewer = (u: Resident) => ({ userId: u.id, locationId: u.locationId });

  /** A post the caller may see (approved in their location, or their own), or 404. */
  async function visibleOr404(u: Resident, id: number) {
    const row = await repo.findVisibleMessage(db, viewer(u), id);
    if (!row) throw notFound();
    return row;
  }

  r.get(
    '/api/messages/',
    {
      config: { deferTokenCheck: true },
      schema: {
        tags,
        security,
        summary: 'Pinnwand, neueste zuerst',
        querystring: pageQuery,
        response: { 200: paginated(messageSchema) },
      },
    },
    async (request) => {
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
      return paginate('/api/messages/', { page }, result.count, result.results);
    },
  );

  r.post(
    '/api/messages/',
    {
      schema: {
        tags,
        security,
        summary: 'Neuen Beitrag anlegen (wird moderiert)',
        body: messageCreate,
        response: { 201: messageCreated },
      },
    },
    async (request, reply) => {
      const user = currentResident(request);
      await writes.take('message', user.id);
      const created = await inTransaction(db, async (trx) => {
        const row = await repo.createMessage(trx, viewer(user), request.body.text.trim());
        await audit(trx, { userId: user.id, action: 'message_created', entity: 'message', entityId: row.id });
        await awaitingModeration(trx, notifier, 'message', user.locationId);
        return row;
      });
      notifier.kick();
      reply.code(201);
      return { id: created.id, status: 'pending' as const };
    },
  );

  r.get(
    '/api/messages/:id/',
    { schema: { tags, security, summary: 'Ein Beitrag', params: idParam, response: { 200: messageSchema } } },
    async (request) => {
      const user = currentResident(request);
      return toMessage(await visibleOr404(user, request.params.id), user.id, signer);
    },
  );

  r.put(
    '/api/messages/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Einen abgelehnten eigenen Beitrag bearbeiten und erneut einreichen',
        params: idParam,
        body: messageResubmit,
        response: { 200: messageCreated },
      },
    },
    async (request) => {
      const user = currentResident(request);
      const { id } = request.params;
      const before = await repo.findOwnMessage(db, viewer(user), id);
      if (!before) throw notFound();
      if (before.status !== 'rejected') throw nonFieldError(NOT_REJECTED);
      await writes.take('message', user.id);
      await inTransaction(db, async (trx) => {
        await repo.resubmitMessage(trx, id, request.body.text.trim());
        await audit(trx, {
          userId: user.id,
          action: 'message_resubmitted',
          entity: 'message',
          entityId: id,
          locationId: user.locationId,
          before: { status: before.status, text: before.text, rejection_reason: before.rejection_reason },
          after: { status: 'pending' },
        });
        await awaitingModeration(trx, notifier, 'message', user.locationId);
      });
      notifier.kick();
      return { id, status: 'pending' as const };
    },
  );

  r.get(
    '/api/messages/:id/comments/',
    {
      schema: {
        tags,
        security,
        summary: 'Kommentare eines Beitrags',
        params: idParam,
        querystring: listQuery,
        response: { 200: paginated(commentSchema) },
      },
    },
    async (request) => {
      const user = currentResident(request);
      await visibleOr404(user, request.params.id);
      const page = await repo.listComments(db, user.id, request.params.id, pageWindow(request.query));
      const results = page.rows.map((c) => toComment(c, signer, user.id));
      return paginate(`/api/messages/${request.params.id}/comments/`, request.query, page.count, results);
    },
  );

  r.post(
    '/api/messages/:id/comments/',
    {
      schema: {
        tags,
        security,
        summary: 'Kommentieren (nur Rezeption; wird moderiert)',
        params: idParam,
        body: commentCreate,
        response: { 201: commentSchema },
      },
    },
    async (request, reply) => {
      const user = currentResident(request);
      requireReceptionist(user);
      const message = await visibleOr404(user, request.params.id);
      if (message.status !== 'approved') throw notApproved();
      await writes.take('comment', user.id);
      const text = request.body.text.trim();
      const created = await inTransaction(db, async (trx) => {
        const row = await repo.createComment(trx, user.id, message.id, text);
        await audit(trx, { userId: user.id, action: 'comment_created', entity: 'comment', entityId: row.id });
        await awaitingModeration(trx, notifier, 'comment', user.locationId);
        return row;
      });
      notifier.kick();
      reply.code(201);
      return toComment(
        {
          ...created,
          text,
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

  for (const [suffix, like] of [
    ['like', true],
    ['unlike', false],
  ] as const) {
    r.put(
      `/api/messages/:id/${suffix}/`,
      {
        schema: {
          tags,
          security,
          summary: like ? 'Gefällt mir (nur Rezeption)' : 'Gefällt mir zurücknehmen (nur Rezeption)',
          params: idParam,
          response: { 200: likeResponse },
        },
      },
      async (request) => {
        const user = currentResident(request);
        requireReceptionist(user);
        const message = await visibleOr404(user, request.params.id);
        if (message.status !== 'approved') throw notApproved();
        const like_count = await repo.setLike(db, user.id, message.id, like);
        return { like_count, self_liked: like };
      },
    );
  }

  r.post(
    '/api/messages/:id/documents/',
    {
      schema: {
        tags,
        security,
        summary: `Anhang hochladen (multipart: name, document). Höchstens ${MAX_PHOTOS_PER_POST} Bilder und ${MAX_PDFS_PER_POST} PDFs je Beitrag`,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: messageDocument },
      },
    },
    async (request, reply) => {
      const user = currentResident(request);
      const message = await visibleOr404(user, request.params.id);
      // Attachments belong to the post as it was moderated: only its author, only while pending.
      if (message.user_id !== user.id) throw forbidden();
      if (message.status !== 'pending')
        throw new ApiError(400, { detail: 'Anhänge können nur vor der Freigabe hinzugefügt werden.' });
      if (!request.isMultipart()) throw new ApiError(415, { detail: 'Bitte als multipart/form-data senden.' });
      await writes.take('attachment', user.id);

      let name = '';
      let file: { data: Buffer; filename: string } | null = null;
      for await (const part of formParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'document' || file) {
            await part.toBuffer().catch(() => undefined);
            throw fieldError(part.fieldname, 'Pro Anfrage ist genau eine Datei im Feld "document" erlaubt.');
          }
          file = { data: await readUpload(part, 'document'), filename: part.filename };
        } else if (part.fieldname === 'name' && typeof part.value === 'string') {
          name = part.value.trim();
        }
      }
      if (!file) throw fieldError('document', 'Eingabe ist zwingend');
      if (name.length > 255) throw fieldError('name', 'Höchstens 255 Zeichen erlaubt.');
      if (!name) name = file.filename.replace(/\.[^.]*$/, '').slice(0, 255) || 'Anhang';

      const row = await storeAttachment(app.ctx, user, message.id, file, name);
      reply.code(201);
      return toAttachment(row, signer);
    },
  );
}
