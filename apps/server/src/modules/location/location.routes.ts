import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { location as locationSchema } from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { toLocation } from './location.presenter.js';
import { findLocation } from './location.repository.js';

export async function locationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer } = app.ctx;

  r.get(
    '/api/location/',
    {
      schema: {
        tags: ['location'],
        security: [{ token: [] }],
        summary: 'Der eigene Standort',
        response: { 200: locationSchema },
      },
    },
    async (request) => {
      const row = await findLocation(db, currentResident(request).locationId);
      if (!row) throw notFound();
      return toLocation(row, signer);
    },
  );
}
