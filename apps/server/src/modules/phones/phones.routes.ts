import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, listQuery, paginated, phone as phoneSchema } from '@hausportal/contract';
import type { Selectable } from 'kysely';
import type { PhoneTable } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentResident, requireUser } from '../auth/auth.hooks.js';
import { countPhones, findPhone, listPhones } from './phones.repository.js';

const tags = ['phones'];
const security = [{ token: [] }];

const toDto = (p: Selectable<PhoneTable>) => ({
  id: p.id,
  name: p.name,
  number: p.number,
  icon: p.icon,
  highlighted: Boolean(p.highlighted),
  hidden: Boolean(p.hidden),
});

export async function phoneRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/api/phones/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Wichtige Telefonnummern',
        querystring: listQuery,
        response: { 200: paginated(phoneSchema) },
      },
    },
    async (request) => {
      const { locationId } = currentResident(request);
      const { page, page_size } = request.query;
      const [count, rows] = await Promise.all([
        countPhones(db, locationId),
        listPhones(db, locationId, page_size, (page - 1) * page_size),
      ]);
      return paginate('/api/phones/', page, count, rows.map(toDto), page_size);
    },
  );

  r.get(
    '/api/phones/:id/',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'Eine Telefonnummer', params: idParam, response: { 200: phoneSchema } },
    },
    async (request) => {
      const { locationId } = currentResident(request);
      const row = await findPhone(db, locationId, request.params.id);
      if (!row) throw notFound();
      return toDto(row);
    },
  );
}
