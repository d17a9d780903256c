import type { FastifyInstance } from 'fastify';
import { adminLocation, adminLocationUpdate, idParam, listQuery, logoForm, paginated } from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { readForm } from '../../lib/uploads.js';
import { callerOf, managerLocations, requireLocation } from '../auth/policies.js';
import { removeLogo, replaceLogo, updateLocationSettings } from './location.actions.js';
import { toAdminLocation } from './location.presenter.js';
import {
  buildingsOf,
  findLocation,
  listBuildings,
  listLocations,
  type BuildingRow,
  type LocationRow,
} from './location.repository.js';

/** A location's logo: only the image in `logo`. */
const logoUpload = { file: { field: 'logo', required: true }, fields: logoForm };

/** Location settings in the back office, inside /api/admin and its manager guard. */
export async function locationAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: content'], 'parent');
  const { ctx } = app;
  const { db, signer } = ctx;
  const admin = (x: { location: LocationRow; buildings: BuildingRow[] }) =>
    toAdminLocation(x.location, x.buildings, signer);

  r.get(
    '/locations/',
    {
      schema: {
        summary: 'Standorte der Verwaltung (nach Titel)',
        querystring: listQuery,
        response: { 200: paginated(adminLocation) },
      },
    },
    async (request) => {
      const page = await listLocations(db, await managerLocations(request), pageWindow(request.query));
      const buildings = await buildingsOf(
        db,
        page.rows.map((row) => row.id),
      );
      return paginate(
        '/api/admin/locations/',
        request.query,
        page.count,
        page.rows.map((row) => toAdminLocation(row, buildings.get(row.id) ?? [], signer)),
      );
    },
  );

  r.get(
    '/locations/:id/',
    {
      schema: { summary: 'Ein Standort', params: idParam, response: { 200: adminLocation } },
    },
    async (request) => {
      await requireLocation(request, request.params.id);
      const row = await findLocation(db, request.params.id);
      if (!row) throw notFound();
      return toAdminLocation(row, await listBuildings(db, row.id), signer);
    },
  );

  r.put(
    '/locations/:id/',
    {
      schema: {
        summary: 'Einstellungen eines Standorts ändern (weggelassene Felder bleiben)',
        params: idParam,
        body: adminLocationUpdate,
        response: { 200: adminLocation },
      },
    },
    async (request) => admin(await updateLocationSettings(ctx, callerOf(request), request.params.id, request.body)),
  );

  r.put(
    '/locations/:id/logo/',
    {
      schema: {
        summary: 'Logo hochladen (multipart: logo; JPEG, PNG oder WebP, höchstens 10 MB)',
        params: idParam,
        consumes: ['multipart/form-data'],
        multipart: logoUpload,
        response: { 200: adminLocation },
      },
    },
    async (request) => {
      const after = await replaceLogo(ctx, callerOf(request), request.params.id, async () => {
        const form = await readForm(request, logoUpload);
        return form.file!;
      });
      return admin(after);
    },
  );

  r.delete(
    '/locations/:id/logo/',
    {
      schema: {
        summary: 'Logo entfernen',
        params: idParam,
        response: { 200: adminLocation },
      },
    },
    async (request) => admin(await removeLogo(ctx, callerOf(request), request.params.id)),
  );
}
