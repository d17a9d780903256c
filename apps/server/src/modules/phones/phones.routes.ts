import type { FastifyInstance } from 'fastify';
import { contentLanguage } from '../../lib/translations.js';
import { idParam, listQuery, paginated, phone as phoneSchema } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { toPhone } from './phones.presenter.js';
import { findPhone, listPhones } from './phones.repository.js';

export async function phoneRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['phones'], requireUser);
  const { db } = app.ctx;

  r.get(
    '/api/phones/',
    {
      schema: {
        summary: 'Wichtige Telefonnummern',
        querystring: listQuery,
        response: { 200: paginated(phoneSchema) },
      },
    },
    async (request) => {
      const page = await listPhones(db, currentResident(request).locationId, pageWindow(request.query));
      return paginate(
        '/api/phones/',
        request.query,
        page.count,
        page.rows.map((p) => toPhone(p, contentLanguage(request))),
      );
    },
  );

  r.get(
    '/api/phones/:id/',
    { schema: { summary: 'Eine Telefonnummer', params: idParam, response: { 200: phoneSchema } } },
    async (request) => {
      const row = await findPhone(db, currentResident(request).locationId, request.params.id);
      if (!row) throw notFound();
      return toPhone(row, contentLanguage(request));
    },
  );
}
