import { paginate } from '../../lib/pagination.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminProvider,
  adminProviderInput,
  adminProvidersQuery,
  adminService,
  adminServiceInput,
  adminServicesQuery,
  idParam,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, listScope } from '../auth/policies.js';
import {
  createProvider,
  createService,
  deleteProvider,
  deleteService,
  providerInScope,
  serviceInScope,
  updateProvider,
  updateService,
} from './services.actions.js';
import { toAdminProvider, toAdminService } from './services.presenter.js';
import * as repo from './services.repository.js';

const deleted = { 204: z.null().describe('Gelöscht') };

/** Services and their providers in the back office, inside /api/admin and its manager guard. */
export async function serviceAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: content'], 'parent');
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/services/',
    {
      schema: {
        summary: 'Dienste: die für alle Standorte und die der eigenen (oder des gewählten) Standorte',
        querystring: adminServicesQuery,
        response: { 200: paginated(adminService) },
      },
    },
    async (request) => {
      const { location_id } = request.query;
      const page = await repo.listAdminServices(db, await listScope(request, location_id), pageWindow(request.query));
      return paginate('/api/admin/services/', request.query, page.count, page.rows.map(toAdminService));
    },
  );

  r.get(
    '/services/:id/',
    { schema: { summary: 'Ein Dienst', params: idParam, response: { 200: adminService } } },
    async (request) => toAdminService(await serviceInScope(ctx, callerOf(request), request.params.id)),
  );

  r.post(
    '/services/',
    {
      schema: {
        summary: 'Dienst anlegen (location_id null: für alle Standorte, nur Administration)',
        body: adminServiceInput,
        response: { 201: adminService },
      },
    },
    async (request, reply) => {
      const row = await createService(ctx, callerOf(request), request.body);
      reply.code(201);
      return toAdminService(row);
    },
  );

  r.put(
    '/services/:id/',
    {
      schema: {
        summary: 'Dienst ändern (auch die Systemdienste 1 und 3)',
        params: idParam,
        body: adminServiceInput,
        response: { 200: adminService },
      },
    },
    async (request) => toAdminService(await updateService(ctx, callerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/services/:id/',
    {
      schema: {
        summary: 'Dienst löschen, mit seinen Anbietern (nicht die Systemdienste 1 und 3)',
        params: idParam,
        response: deleted,
      },
    },
    async (request, reply) => {
      await deleteService(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---- providers ----

  r.get(
    '/providers/',
    {
      schema: {
        summary: 'Anbieter der eigenen Standorte (Filter: service_id, location_id)',
        querystring: adminProvidersQuery,
        response: { 200: paginated(adminProvider) },
      },
    },
    async (request) => {
      const { location_id, service_id } = request.query;
      const page = await repo.listAdminProviders(
        db,
        { locationIds: await listScope(request, location_id), serviceId: service_id },
        pageWindow(request.query),
      );
      return paginate('/api/admin/providers/', request.query, page.count, page.rows.map(toAdminProvider));
    },
  );

  r.get(
    '/providers/:id/',
    { schema: { summary: 'Ein Anbieter', params: idParam, response: { 200: adminProvider } } },
    async (request) => toAdminProvider(await providerInScope(ctx, callerOf(request), request.params.id)),
  );

  r.post(
    '/providers/',
    {
      schema: {
        summary: 'Anbieter eines Dienstes an einem Standort anlegen',
        body: adminProviderInput,
        response: { 201: adminProvider },
      },
    },
    async (request, reply) => {
      const row = await createProvider(ctx, callerOf(request), request.body);
      reply.code(201);
      return toAdminProvider(row);
    },
  );

  r.put(
    '/providers/:id/',
    {
      schema: {
        summary: 'Anbieter ändern',
        params: idParam,
        body: adminProviderInput,
        response: { 200: adminProvider },
      },
    },
    async (request) => toAdminProvider(await updateProvider(ctx, callerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/providers/:id/',
    {
      schema: {
        summary: 'Anbieter löschen (mit den Anfragen an ihn)',
        params: idParam,
        response: deleted,
      },
    },
    async (request, reply) => {
      await deleteProvider(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
