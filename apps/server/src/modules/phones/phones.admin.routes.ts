import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPhone,
  adminPhoneInput,
  adminPhoneOrder,
  adminPhonesQuery,
  idParam,
  paginated,
} from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { singlePage, paginate } from '../../lib/pagination.js';
import { currentUser, findInScope, requireLocation, listScope } from '../auth/policies.js';
import { toAdminPhone } from './phones.presenter.js';
import * as repo from './phones.repository.js';

const tags = ['admin: content'];
const security = [{ token: [] }];

/** Phone numbers in the back office, inside /api/admin and its manager guard. */
export async function phoneAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  /** The phone number, if it belongs to one of the caller's locations; else 404. */
  const inScope = (request: FastifyRequest, id: number) => findInScope(request, () => repo.findAdminPhone(db, id));

  r.get(
    '/phones/',
    {
      schema: {
        tags,
        security,
        summary: 'Telefonnummern der eigenen Standorte in Anzeigereihenfolge (Filter: location_id)',
        querystring: adminPhonesQuery,
        response: { 200: paginated(adminPhone) },
      },
    },
    async (request) => {
      const { location_id } = request.query;
      const page = await repo.listAdminPhones(db, await listScope(request, location_id), pageWindow(request.query));
      return paginate('/api/admin/phones/', request.query, page.count, page.rows.map(toAdminPhone));
    },
  );

  r.get(
    '/phones/:id/',
    { schema: { tags, security, summary: 'Eine Telefonnummer', params: idParam, response: { 200: adminPhone } } },
    async (request) => toAdminPhone(await inScope(request, request.params.id)),
  );

  r.post(
    '/phones/',
    {
      schema: {
        tags,
        security,
        summary: 'Telefonnummer anlegen (ohne sort_order ans Ende)',
        body: adminPhoneInput,
        response: { 201: adminPhone },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await requireLocation(request, b.location_id);
      const row = await inTransaction(db, async (trx) => {
        const id = await repo.createPhone(trx, {
          locationId: b.location_id,
          name: b.name,
          number: b.number,
          icon: b.icon,
          highlighted: b.highlighted,
          hidden: b.hidden,
          sortOrder: b.sort_order ?? (await repo.nextSortOrder(trx, b.location_id)),
        });
        const created = (await repo.findAdminPhone(trx, id))!;
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'phone_created',
          entity: 'phone',
          entityId: id,
          locationId: b.location_id,
          after: toAdminPhone(created),
          ip: request.ip,
        });
        return created;
      });
      reply.code(201);
      return toAdminPhone(row);
    },
  );

  r.put(
    '/phones/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Telefonnummer ändern',
        params: idParam,
        body: adminPhoneInput,
        response: { 200: adminPhone },
      },
    },
    async (request) => {
      const before = await inScope(request, request.params.id);
      const b = request.body;
      // Moving a number is a write to the target location too, so it must be the caller's as well.
      if (b.location_id !== before.location_id) await requireLocation(request, b.location_id);
      const after = await inTransaction(db, async (trx) => {
        const moved = b.location_id !== before.location_id;
        await repo.updatePhone(trx, before.id, {
          locationId: b.location_id,
          name: b.name,
          number: b.number,
          icon: b.icon,
          highlighted: b.highlighted,
          hidden: b.hidden,
          sortOrder: b.sort_order ?? (moved ? await repo.nextSortOrder(trx, b.location_id) : undefined),
        });
        const row = (await repo.findAdminPhone(trx, before.id))!;
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'phone_updated',
          entity: 'phone',
          entityId: before.id,
          locationId: row.location_id,
          before: toAdminPhone(before),
          after: toAdminPhone(row),
          details: moved ? { moved_from_location_id: before.location_id } : undefined,
          ip: request.ip,
        });
        return row;
      });
      return toAdminPhone(after);
    },
  );

  r.delete(
    '/phones/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Telefonnummer löschen',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      const before = await inScope(request, request.params.id);
      await inTransaction(db, async (trx) => {
        await repo.deletePhone(trx, before.id);
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'phone_deleted',
          entity: 'phone',
          entityId: before.id,
          locationId: before.location_id,
          before: toAdminPhone(before),
          ip: request.ip,
        });
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/phones/order/',
    {
      schema: {
        tags,
        security,
        summary:
          'Reihenfolge der Telefonnummern eines Standorts setzen: ids zuerst in dieser Reihenfolge, die übrigen danach',
        body: adminPhoneOrder,
        response: { 200: paginated(adminPhone) },
      },
    },
    async (request) => {
      const { location_id, ids } = request.body;
      await requireLocation(request, location_id);
      const rows = await inTransaction(db, async (trx) => {
        const current = await repo.phonesInOrder(trx, location_id);
        const known = new Set(current.map((p) => p.id));
        // All or nothing: one id of another location (or none at all) and nothing moves.
        if (ids.some((id) => !known.has(id))) throw notFound();
        const listed = new Set(ids);
        const order = [...ids, ...current.map((p) => p.id).filter((id) => !listed.has(id))];
        await repo.setPhoneOrder(trx, location_id, order);
        await audit(trx, {
          userId: currentUser(request).id,
          action: 'phones_reordered',
          entity: 'location',
          entityId: location_id,
          locationId: location_id,
          before: current.map((p) => p.id),
          after: order,
          ip: request.ip,
        });
        return repo.phonesInOrder(trx, location_id);
      });
      return singlePage(rows.map(toAdminPhone));
    },
  );
}
