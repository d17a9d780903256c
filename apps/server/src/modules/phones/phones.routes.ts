import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZE, idParam, pageQuery, paginated, phone as phoneSchema } from '@hausportal/contract';
import type { Selectable } from 'kysely';
import type { PhoneTable } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentResident, requireUser } from '../auth/auth.hooks.js';

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
    { onRequest: requireUser, schema: { tags, security, summary: 'Wichtige Telefonnummern', querystring: pageQuery, response: { 200: paginated(phoneSchema) } } },
    async (request) => {
      const { locationId } = currentResident(request);
      const { page } = request.query;
      const base = db.selectFrom('phones').where('location_id', '=', locationId);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        base.selectAll().orderBy('sort_order').orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute(),
      ]);
      return paginate('/api/phones/', page, Number(count.n), rows.map(toDto));
    },
  );

  r.get(
    '/api/phones/:id/',
    { onRequest: requireUser, schema: { tags, security, summary: 'Eine Telefonnummer', params: idParam, response: { 200: phoneSchema } } },
    async (request) => {
      const { locationId } = currentResident(request);
      const row = await db.selectFrom('phones').selectAll().where('id', '=', request.params.id).where('location_id', '=', locationId).executeTakeFirst();
      if (!row) throw notFound();
      return toDto(row);
    },
  );
}
