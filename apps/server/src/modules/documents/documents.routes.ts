import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { document as documentSchema, idParam, listQuery, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser, type Resident } from '../auth/policies.js';
import { toDocument } from './documents.presenter.js';
import { findDocument, listDocuments, markDocumentOpened } from './documents.repository.js';

const scopeOf = (u: Resident) => ({ userId: u.id, locationId: u.locationId, apartmentNumber: u.apartmentNumber });

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['documents'], requireUser);
  const { db, signer } = app.ctx;

  r.get(
    '/api/documents/',
    {
      schema: {
        summary: 'Dokumente des Standorts und der eigenen Wohnung',
        querystring: listQuery,
        response: { 200: paginated(documentSchema) },
      },
    },
    async (request) => {
      const resident = currentResident(request);
      const page = await listDocuments(db, scopeOf(resident), pageWindow(request.query));
      return paginate(
        '/api/documents/',
        request.query,
        page.count,
        page.rows.map((d) => toDocument(d, signer, resident.tokenId)),
      );
    },
  );

  r.get(
    '/api/documents/:id/',
    { schema: { summary: 'Ein Dokument', params: idParam, response: { 200: documentSchema } } },
    async (request) => {
      const resident = currentResident(request);
      const row = await findDocument(db, scopeOf(resident), request.params.id);
      if (!row) throw notFound();
      return toDocument(row, signer, resident.tokenId);
    },
  );

  // 'Neu' until opened. The app calls this when the resident opens the file.
  r.post(
    '/api/documents/:id/opened/',
    {
      schema: {
        summary: 'Ein Dokument als geöffnet vermerken (es ist dann nicht mehr „Neu“)',
        params: idParam,
        response: { 204: z.null().describe('Vermerkt') },
      },
    },
    async (request, reply) => {
      const resident = currentResident(request);
      const row = await findDocument(db, scopeOf(resident), request.params.id);
      if (!row) throw notFound();
      await markDocumentOpened(db, resident.id, row.id);
      return reply.code(204).send(null);
    },
  );
}
