import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ERRORS, adminLocation, adminLocationUpdate, idParam, listQuery, paginated } from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { ApiError, fieldError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { checkUpload, formParts, readUpload, reencodeImage } from '../../lib/uploads.js';
import { currentUser, managerLocations, requireLocation } from '../auth/policies.js';
import { findService } from '../services/services.repository.js';
import { auditLocation, toLocation } from './location.presenter.js';
import { findLocation, listLocations, updateLocation, type LocationInput } from './location.repository.js';

const tags = ['admin: content'];
const security = [{ token: [] }];
/** Logos are shown small in the app's header; anything larger only costs bandwidth. */
const LOGO_MAX_SIDE = 1024;

/** A logo bundled with the app (a path like /logos/…) is not ours to delete. */
const isStored = (logo: string | null): logo is string => Boolean(logo) && !logo!.startsWith('/');

/** Reads the one image of a multipart body from the field `logo`. */
async function logoFrom(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new ApiError(415, { detail: 'Bitte als multipart/form-data senden.' });
  let file: { data: Buffer; filename: string } | null = null;
  for await (const part of formParts(request)) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'logo' || file) {
      await part.toBuffer().catch(() => undefined);
      throw fieldError(part.fieldname, 'Pro Anfrage ist genau eine Datei im Feld "logo" erlaubt.');
    }
    file = { data: await readUpload(part, 'logo'), filename: part.filename };
  }
  if (!file) throw fieldError('logo', API_ERRORS.required);
  return file;
}

/** Location settings in the back office, inside /api/admin and its manager guard. */
export async function locationAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer, storage } = app.ctx;

  /** Writes a change of a location and its audit entry in one transaction; returns the location after it. */
  const change = (request: FastifyRequest, id: number, action: string, patch: Partial<LocationInput>) =>
    inTransaction(db, async (trx) => {
      const before = await findLocation(trx, id);
      if (!before) throw notFound();
      await updateLocation(trx, id, patch);
      const after = (await findLocation(trx, id))!;
      await audit(trx, {
        userId: currentUser(request).id,
        action,
        entity: 'location',
        entityId: id,
        locationId: id,
        before: auditLocation(before),
        after: auditLocation(after),
        ip: request.ip,
      });
      return { before, after };
    });

  r.get(
    '/locations/',
    {
      schema: {
        tags,
        security,
        summary: 'Standorte der Verwaltung (nach Titel)',
        querystring: listQuery,
        response: { 200: paginated(adminLocation) },
      },
    },
    async (request) => {
      const page = await listLocations(db, await managerLocations(request), pageWindow(request.query));
      return paginate(
        '/api/admin/locations/',
        request.query,
        page.count,
        page.rows.map((row) => toLocation(row, signer)),
      );
    },
  );

  r.get(
    '/locations/:id/',
    {
      schema: { tags, security, summary: 'Ein Standort', params: idParam, response: { 200: adminLocation } },
    },
    async (request) => {
      await requireLocation(request, request.params.id);
      const row = await findLocation(db, request.params.id);
      if (!row) throw notFound();
      return toLocation(row, signer);
    },
  );

  r.put(
    '/locations/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Einstellungen eines Standorts ändern (weggelassene Felder bleiben)',
        params: idParam,
        body: adminLocationUpdate,
        response: { 200: adminLocation },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireLocation(request, id);
      const current = await findLocation(db, id);
      if (!current) throw notFound();
      const b = request.body;
      // The emergency button opens this service; one the location's residents cannot see would be a dead end.
      if (b.default_service_id != null && !(await findService(db, id, b.default_service_id))) {
        throw fieldError('default_service_id', 'Dieser Dienst ist an diesem Standort nicht verfügbar.');
      }
      const directCall = b.direct_call ?? Boolean(current.direct_call);
      if (directCall && !(b.direct_number ?? current.direct_number)) {
        throw fieldError('direct_number', 'Für den Direktanruf wird eine Telefonnummer benötigt.');
      }
      const { after } = await change(request, id, 'location_updated', {
        title: b.title,
        name: b.name,
        directCall: b.direct_call,
        directNumber: b.direct_number,
        defaultServiceId: b.default_service_id,
        text: b.text,
        hours: b.hours,
        phone: b.phone,
        email: b.email,
        freeText: b.free_text,
        residentsCanPost: b.residents_can_post,
      });
      return toLocation(after, signer);
    },
  );

  r.put(
    '/locations/:id/logo/',
    {
      schema: {
        tags,
        security,
        summary: 'Logo hochladen (multipart: logo; JPEG, PNG oder WebP, höchstens 10 MB)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: adminLocation },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireLocation(request, id);
      const file = await logoFrom(request);
      // Checked by its magic bytes and re-encoded, which drops metadata and anything hidden in the file.
      const checked = await checkUpload(file.data, file.filename, 'logo', ['image']);
      const key = await storage.put('logos', 'webp', await reencodeImage(checked.data, 'webp', LOGO_MAX_SIDE));
      let changed;
      try {
        changed = await change(request, id, 'location_logo_updated', { logo: key });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      if (isStored(changed.before.logo)) await storage.remove(changed.before.logo);
      return toLocation(changed.after, signer);
    },
  );

  r.delete(
    '/locations/:id/logo/',
    {
      schema: {
        tags,
        security,
        summary: 'Logo entfernen',
        params: idParam,
        response: { 200: adminLocation },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireLocation(request, id);
      const { before, after } = await change(request, id, 'location_logo_removed', { logo: null });
      if (isStored(before.logo)) await storage.remove(before.logo);
      return toLocation(after, signer);
    },
  );
}
