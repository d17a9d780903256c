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
  messageDocument,
  pageQuery,
  paginated,
  type Message,
} from '@hausportal/contract';
import { parseJsonArray } from '../../db/database.js';
import { ApiError, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { checkUpload, detectUpload, formParts, readUpload, thumbnail } from '../../lib/uploads.js';
import { audit } from '../../lib/audit.js';
import type { AuthUser } from '../../context.js';
import { currentResident, requireUser } from '../auth/auth.hooks.js';
import * as repo from './messages.repository.js';

const tags = ['messages'];
const security = [{ token: [] }];

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer, storage, writes } = app.ctx;

  const attachmentDto = (a: repo.AttachmentRow) => ({
    id: a.id,
    name: a.name,
    document: signer.url(a.file_key)!,
    kind: a.kind,
    thumbnail: signer.url(a.thumbnail_key),
  });

  /** Turns rows into the spec's message shape with attachments and the viewer's flags. */
  function toMessages(userId: number, rows: repo.MessageRow[]): Message[] {
    return rows.map((m) => ({
      id: m.id,
      text: m.text,
      created_at: m.created_at,
      user_name: m.user_name,
      user_image: signer.url(m.user_image),
      documents: parseJsonArray(m.documents).map(attachmentDto),
      like_count: Number(m.like_count),
      comment_count: Number(m.comment_count),
      // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
      self_liked: Boolean(m.self_liked),
      self_commented: Boolean(m.self_commented),
      status: m.status,
      // Only the author ever sees their own post unapproved, so the reason reaches only them.
      rejection_reason: m.user_id === userId ? m.rejection_reason : null,
    }));
  }

  const viewer = (u: AuthUser & { locationId: number }) => ({ userId: u.id, locationId: u.locationId });

  async function visibleOr404(u: AuthUser & { locationId: number }, id: number) {
    const row = await repo.findVisibleMessage(db, viewer(u), id);
    if (!row) throw notFound();
    return row;
  }

  const requireReceptionist = (u: AuthUser) => {
    if (u.role !== 'receptionist') throw forbidden();
  };

  r.get(
    '/api/messages/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Pinnwand, neueste zuerst',
        querystring: pageQuery,
        response: { 200: paginated(messageSchema) },
      },
    },
    async (request) => {
      const user = currentResident(request);
      const { page } = request.query;
      const rows = await repo.listMessages(db, viewer(user), page, PAGE_SIZE);
      // The count rides along with the rows; only a page past the end asks for it separately.
      const count = rows.length ? Number(rows[0]!.total) : await repo.countApproved(db, user.locationId);
      return paginate('/api/messages/', page, count, toMessages(user.id, rows));
    },
  );

  r.post(
    '/api/messages/',
    {
      onRequest: requireUser,
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
      const created = await repo.createMessage(db, viewer(user), request.body.text.trim());
      await audit(db, { userId: user.id, action: 'message_created', entity: 'message', entityId: created.id });
      reply.code(201);
      return created;
    },
  );

  r.get(
    '/api/messages/:id/',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'Ein Beitrag', params: idParam, response: { 200: messageSchema } },
    },
    async (request) => {
      const user = currentResident(request);
      const [message] = toMessages(user.id, [await visibleOr404(user, request.params.id)]);
      return message!;
    },
  );

  r.get(
    '/api/messages/:id/comments/',
    {
      onRequest: requireUser,
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
      const { page, page_size } = request.query;
      const [count, rows] = await Promise.all([
        repo.countComments(db, user.id, request.params.id),
        repo.listComments(db, user.id, request.params.id, page_size, (page - 1) * page_size),
      ]);
      const results = rows.map((c) => ({ ...c, user_image: signer.url(c.user_image) }));
      return paginate(`/api/messages/${request.params.id}/comments/`, page, count, results, page_size);
    },
  );

  r.post(
    '/api/messages/:id/comments/',
    {
      onRequest: requireUser,
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
      if (message.status !== 'approved')
        throw new ApiError(400, { detail: 'Dieser Beitrag ist noch nicht freigegeben.' });
      await writes.take('comment', user.id);
      const text = request.body.text.trim();
      const created = await repo.createComment(db, user.id, message.id, text);
      await audit(db, { userId: user.id, action: 'comment_created', entity: 'comment', entityId: created.id });
      reply.code(201);
      return {
        id: created.id,
        text,
        created_at: created.created_at,
        status: created.status,
        user_name: user.name,
        user_image: signer.url(user.profilePicture),
      };
    },
  );

  for (const [suffix, like] of [
    ['like', true],
    ['unlike', false],
  ] as const) {
    r.put(
      `/api/messages/:id/${suffix}/`,
      {
        onRequest: requireUser,
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
        if (message.status !== 'approved')
          throw new ApiError(400, { detail: 'Dieser Beitrag ist noch nicht freigegeben.' });
        const like_count = await repo.setLike(db, user.id, message.id, like);
        return { like_count, self_liked: like };
      },
    );
  }

  r.post(
    '/api/messages/:id/documents/',
    {
      onRequest: requireUser,
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

      const detected = await detectUpload(file.data, file.filename, 'document', ['image', 'pdf']);
      const limit = detected.kind === 'image' ? MAX_PHOTOS_PER_POST : MAX_PDFS_PER_POST;
      const full = () =>
        fieldError(
          'document',
          detected.kind === 'image'
            ? `Pro Beitrag sind höchstens ${MAX_PHOTOS_PER_POST} Fotos erlaubt.`
            : `Pro Beitrag sind höchstens ${MAX_PDFS_PER_POST} PDF-Dokumente erlaubt.`,
        );
      // A full post is refused before the image is decoded; the insert below decides for certain.
      if ((await repo.countAttachments(db, message.id))[detected.kind] >= limit) throw full();
      const upload = await checkUpload(file.data, file.filename, 'document', ['image', 'pdf'], detected);
      const fileKey = await storage.put('posts', upload.ext, upload.data);
      const thumbKey =
        upload.kind === 'image' ? await storage.put('thumbs', 'webp', await thumbnail(upload.data, 400)) : null;
      const row = await repo.addAttachmentWithinLimit(
        db,
        {
          messageId: message.id,
          authorId: user.id,
          kind: upload.kind,
          name,
          fileKey,
          thumbnailKey: thumbKey,
          contentType: upload.contentType,
          size: upload.data.length,
        },
        limit,
      );
      if (typeof row === 'string') {
        await Promise.all([storage.remove(fileKey), thumbKey ? storage.remove(thumbKey) : undefined]);
        if (row === 'full') throw full();
        throw new ApiError(400, { detail: 'Anhänge können nur vor der Freigabe hinzugefügt werden.' });
      }
      reply.code(201);
      return attachmentDto(row);
    },
  );
}
