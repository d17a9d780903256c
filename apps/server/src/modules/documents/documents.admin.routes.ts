import { paginate } from '../../lib/pagination.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminDocument,
  adminDocumentCreate,
  adminDocumentUpdate,
  adminDocumentsQuery,
  idParam,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { moduleRoutes } from '../../lib/routes.js';
import { baseName, readForm } from '../../lib/uploads.js';
import { callerOf, currentUser, listScope } from '../auth/policies.js';
import { deleteDocument, documentInScope, updateDocument, uploadDocument } from './documents.actions.js';
import { toAdminDocument } from './documents.presenter.js';
import * as repo from './documents.repository.js';

/** A document for a location or one apartment: the PDF in `document`, its fields beside it. */
const documentUpload = { file: { field: 'document', required: true }, fields: adminDocumentCreate };

/** Documents in the back office, inside /api/admin and its manager guard. */
export async function documentAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: content'], 'parent');
  const { ctx } = app;
  const { db, signer } = ctx;

  r.get(
    '/documents/',
    {
      schema: {
        summary: 'Dokumente der eigenen Standorte, neueste zuerst (Filter: location_id, apartment_number)',
        querystring: adminDocumentsQuery,
        response: { 200: paginated(adminDocument) },
      },
    },
    async (request) => {
      const { location_id, apartment_number } = request.query;
      const page = await repo.listAdminDocuments(
        db,
        { locationIds: await listScope(request, location_id), apartmentNumber: apartment_number },
        pageWindow(request.query),
      );
      return paginate(
        '/api/admin/documents/',
        request.query,
        page.count,
        page.rows.map((d) => toAdminDocument(d, signer, currentUser(request).tokenId)),
      );
    },
  );

  r.get(
    '/documents/:id/',
    { schema: { summary: 'Ein Dokument', params: idParam, response: { 200: adminDocument } } },
    async (request) =>
      toAdminDocument(
        await documentInScope(ctx, callerOf(request), request.params.id),
        signer,
        currentUser(request).tokenId,
      ),
  );

  r.post(
    '/documents/',
    {
      schema: {
        summary:
          'Dokument hochladen (multipart: location_id, apartment_number (leer: ganzer Standort), title, icon, document als PDF bis 10 MB)',
        consumes: ['multipart/form-data'],
        multipart: documentUpload,
        response: { 201: adminDocument },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, documentUpload);
      const file = form.file!;
      const row = await uploadDocument(ctx, callerOf(request), form.fields, {
        ...file,
        filename: baseName(file.filename),
      });
      reply.code(201);
      return toAdminDocument(row, signer, currentUser(request).tokenId);
    },
  );

  r.put(
    '/documents/:id/',
    {
      schema: {
        summary: 'Titel, Symbol und Wohnung eines Dokuments ändern (leere Wohnung: ganzer Standort)',
        params: idParam,
        body: adminDocumentUpdate,
        response: { 200: adminDocument },
      },
    },
    async (request) =>
      toAdminDocument(
        await updateDocument(ctx, callerOf(request), request.params.id, request.body),
        signer,
        currentUser(request).tokenId,
      ),
  );

  r.delete(
    '/documents/:id/',
    {
      schema: {
        summary: 'Dokument löschen (mit der Datei)',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      await deleteDocument(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
