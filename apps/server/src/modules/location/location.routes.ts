import type { FastifyInstance } from 'fastify';
import { contentLanguage } from '../../lib/translations.js';
import { location as locationSchema } from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { toLocation } from './location.presenter.js';
import { findLocation } from './location.repository.js';

export async function locationRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['location'], requireUser);
  const { db, signer } = app.ctx;

  r.get(
    '/api/location/',
    {
      schema: {
        summary: 'Der eigene Standort',
        response: { 200: locationSchema },
      },
    },
    async (request) => {
      const row = await findLocation(db, currentResident(request).locationId);
      if (!row) throw notFound();
      return toLocation(row, signer, contentLanguage(request));
    },
  );
}
