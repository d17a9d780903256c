import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminPhone,
  adminPhoneInput,
  adminPhoneOrder,
  adminPhonesQuery,
  idParam,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { singlePage, paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, listScope } from '../auth/policies.js';
import { createPhone, deletePhone, orderPhones, phoneInScope, updatePhone } from './phones.actions.js';
import { toAdminPhone } from './phones.presenter.js';
import * as repo from './phones.repository.js';

/** Phone numbers in the back office, inside /api/admin and its manager guard. */
export async function phoneAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: content'], 'parent');
  const { ctx } = app;

  r.get(
    '/phones/',
    {
      schema: {
        summary: 'Telefonnummern der eigenen Standorte in Anzeigereihenfolge (Filter: location_id)',
        querystring: adminPhonesQuery,
        response: { 200: paginated(adminPhone) },
      },
    },
    async (request) => {
      const { location_id } = request.query;
      const page = await repo.listAdminPhones(ctx.db, await listScope(request, location_id), pageWindow(request.query));
      return paginate('/api/admin/phones/', request.query, page.count, page.rows.map(toAdminPhone));
    },
  );

  r.get(
    '/phones/:id/',
    { schema: { summary: 'Eine Telefonnummer', params: idParam, response: { 200: adminPhone } } },
    async (request) => toAdminPhone(await phoneInScope(ctx, callerOf(request), request.params.id)),
  );

  r.post(
    '/phones/',
    {
      schema: {
        summary: 'Telefonnummer anlegen (ohne sort_order ans Ende)',
        body: adminPhoneInput,
        response: { 201: adminPhone },
      },
    },
    async (request, reply) => {
      const row = await createPhone(ctx, callerOf(request), request.body);
      reply.code(201);
      return toAdminPhone(row);
    },
  );

  r.put(
    '/phones/:id/',
    {
      schema: {
        summary: 'Telefonnummer ändern',
        params: idParam,
        body: adminPhoneInput,
        response: { 200: adminPhone },
      },
    },
    async (request) => toAdminPhone(await updatePhone(ctx, callerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/phones/:id/',
    {
      schema: {
        summary: 'Telefonnummer löschen',
        params: idParam,
        response: { 204: z.null().describe('Gelöscht') },
      },
    },
    async (request, reply) => {
      await deletePhone(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/phones/order/',
    {
      schema: {
        summary:
          'Reihenfolge der Telefonnummern eines Standorts setzen: ids zuerst in dieser Reihenfolge, die übrigen danach',
        body: adminPhoneOrder,
        response: { 200: paginated(adminPhone) },
      },
    },
    async (request) => {
      const { location_id, ids } = request.body;
      const rows = await orderPhones(ctx, callerOf(request), location_id, ids);
      return singlePage(rows.map(toAdminPhone));
    },
  );
}
