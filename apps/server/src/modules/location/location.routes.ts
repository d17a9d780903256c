import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { location as locationSchema, type Location } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import type { UrlSigner } from '../../lib/signing.js';
import { notFound } from '../../lib/errors.js';
import { currentResident, requireUser } from '../auth/auth.hooks.js';

/** The caller's location with the name of its default service. */
export async function loadLocation(db: DB, signer: UrlSigner, locationId: number): Promise<Location> {
  const row = await db
    .selectFrom('locations')
    .leftJoin('services', 'services.id', 'locations.default_service_id')
    .selectAll('locations')
    .select('services.title as default_service_name')
    .where('locations.id', '=', locationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    title: row.title,
    name: row.name,
    logo: row.logo?.startsWith('/') ? row.logo : signer.url(row.logo),
    direct_call: Boolean(row.direct_call),
    direct_number: row.direct_number,
    default_service_id: row.default_service_id,
    default_service_name: row.default_service_name ?? '',
    text: row.text,
    hours: row.hours,
    phone: row.phone,
    email: row.email,
    free_text: row.free_text,
    residents_can_post: Boolean(row.residents_can_post),
  };
}

export async function locationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer } = app.ctx;
  r.get(
    '/api/location/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['location'],
        security: [{ token: [] }],
        summary: 'Der eigene Standort',
        response: { 200: locationSchema },
      },
    },
    (request) => loadLocation(db, signer, currentResident(request).locationId),
  );
}
