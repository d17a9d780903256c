import type { FastifyInstance } from 'fastify';
import { contentLanguage } from '../../lib/translations.js';
import { z } from 'zod';
import {
  idParam,
  listQuery,
  paginated,
  provider as providerSchema,
  providerRequest,
  providersQuery,
  providersResponse,
  service as serviceSchema,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { sendProviderRequest } from './services.actions.js';
import { toProvider, toService } from './services.presenter.js';
import * as repo from './services.repository.js';

export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['services'], requireUser);
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/api/services/',
    {
      schema: {
        summary: 'Dienstleistungen des Standorts',
        querystring: listQuery,
        response: { 200: paginated(serviceSchema) },
      },
    },
    async (request) => {
      const page = await repo.listServices(db, currentResident(request).locationId, pageWindow(request.query));
      return paginate(
        '/api/services/',
        request.query,
        page.count,
        page.rows.map((s) => toService(s, contentLanguage(request))),
      );
    },
  );

  r.get(
    '/api/services/:id/',
    {
      schema: {
        summary: 'Eine Dienstleistung',
        params: idParam,
        response: { 200: serviceSchema },
      },
    },
    async (request) => {
      const row = await repo.findService(db, currentResident(request).locationId, request.params.id);
      if (!row) throw notFound();
      return toService(row, contentLanguage(request));
    },
  );

  r.get(
    '/api/providers/',
    {
      schema: {
        tags: ['providers'],
        summary: 'Anbieter einer Dienstleistung am eigenen Standort',
        querystring: providersQuery,
        response: { 200: providersResponse },
      },
    },
    async (request) => {
      const { locationId } = currentResident(request);
      const { service_id } = request.query;
      if (!(await repo.findService(db, locationId, service_id))) throw notFound();
      const rows = await repo.listProviders(db, locationId, service_id);
      return { id: service_id, count: rows.length, results: rows.map(toProvider) };
    },
  );

  r.get(
    '/api/providers/:id/',
    {
      schema: {
        tags: ['providers'],
        summary: 'Ein Anbieter',
        params: idParam,
        response: { 200: providerSchema },
      },
    },
    async (request) => {
      const row = await repo.findProvider(db, currentResident(request).locationId, request.params.id);
      if (!row) throw notFound();
      return toProvider(row);
    },
  );

  r.post(
    '/api/providers/:id/request/',
    {
      schema: {
        tags: ['providers'],
        summary: 'Anfrage an einen Anbieter senden (gespeichert und per E-Mail zugestellt)',
        params: idParam,
        body: providerRequest,
        response: { 201: z.object({ id: z.number(), detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const id = await sendProviderRequest(ctx, currentResident(request), request.params.id, request.body.text);
      reply.code(201);
      return { id, detail: 'Ihre Anfrage wurde erfolgreich versendet.' };
    },
  );
}
