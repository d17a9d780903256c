import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ApiError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import { audit } from '../../lib/audit.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { providerRequestMail, toProvider } from './services.presenter.js';
import * as repo from './services.repository.js';

const security = [{ token: [] }];

export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, outbox, config, writes } = app.ctx;

  r.get(
    '/api/services/',
    {
      schema: {
        tags: ['services'],
        security,
        summary: 'Dienstleistungen des Standorts',
        querystring: listQuery,
        response: { 200: paginated(serviceSchema) },
      },
    },
    async (request) => {
      const page = await repo.listServices(db, currentResident(request).locationId, pageWindow(request.query));
      return paginate('/api/services/', request.query, page.count, page.rows);
    },
  );

  r.get(
    '/api/services/:id/',
    {
      schema: {
        tags: ['services'],
        security,
        summary: 'Eine Dienstleistung',
        params: idParam,
        response: { 200: serviceSchema },
      },
    },
    async (request) => {
      const row = await repo.findService(db, currentResident(request).locationId, request.params.id);
      if (!row) throw notFound();
      return row;
    },
  );

  r.get(
    '/api/providers/',
    {
      schema: {
        tags: ['providers'],
        security,
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
        security,
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
        security,
        summary: 'Anfrage an einen Anbieter senden (gespeichert und per E-Mail zugestellt)',
        params: idParam,
        body: providerRequest,
        response: { 201: z.object({ id: z.number(), detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = currentResident(request);
      const provider = await repo.findProvider(db, user.locationId, request.params.id);
      if (!provider) throw notFound();
      if (!provider.allow_form_contact) {
        throw new ApiError(400, { detail: 'Dieser Anbieter nimmt keine Anfragen über das Formular entgegen.' });
      }
      // Each request mails an address outside the building: a budget per resident (ADR 008).
      await writes.take('providerRequest', user.id);
      const text = request.body.text.trim();
      const id = await repo.createProviderRequest(db, {
        providerId: provider.id,
        userId: user.id,
        locationId: user.locationId,
        text,
        createdAt: nowIso(),
      });
      const location = await repo.findLocationContact(db, user.locationId);
      const to = provider.email || location.email;
      if (to)
        await outbox.enqueue(providerRequestMail(config.appName, to, provider, user, location, text), {
          kind: 'provider_request',
          locationId: user.locationId,
        });
      await audit(db, {
        userId: user.id,
        action: 'provider_request',
        entity: 'provider',
        entityId: provider.id,
        locationId: user.locationId,
        details: { request_id: id },
      });
      reply.code(201);
      return { id, detail: 'Ihre Anfrage wurde erfolgreich versendet.' };
    },
  );
}
