import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { document as documentSchema, idParam, listQuery, paginated } from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentResident, requireUser } from '../auth/auth.hooks.js';
import { countDocuments, findDocument, listDocuments, type DocumentRow } from './documents.repository.js';

const tags = ['documents'];
const security = [{ token: [] }];

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer } = app.ctx;
  const toDto = (d: DocumentRow) => ({ id: d.id, title: d.title, icon: d.icon, document: signer.url(d.file_key)! });

  r.get(
    '/api/documents/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Dokumente des Standorts und der eigenen Wohnung',
        querystring: listQuery,
        response: { 200: paginated(documentSchema) },
      },
    },
    async (request) => {
      const user = currentResident(request);
      const { page, page_size } = request.query;
      const scope = { locationId: user.locationId, apartmentNumber: user.apartmentNumber };
      const [count, rows] = await Promise.all([
        countDocuments(db, scope),
        listDocuments(db, scope, page_size, (page - 1) * page_size),
      ]);
      return paginate('/api/documents/', page, count, rows.map(toDto), page_size);
    },
  );

  r.get(
    '/api/documents/:id/',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'Ein Dokument', params: idParam, response: { 200: documentSchema } },
    },
    async (request) => {
      const user = currentResident(request);
      const row = await findDocument(
        db,
        { locationId: user.locationId, apartmentNumber: user.apartmentNumber },
        request.params.id,
      );
      if (!row) throw notFound();
      return toDto(row);
    },
  );
}
