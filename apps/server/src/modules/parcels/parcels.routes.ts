import type { FastifyInstance } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  PARCEL_PHOTO_FIELD,
  paginated,
  parcelCreate,
  parcelHandover,
  parcelHandoverResult,
  parcelSummary,
  receptionApartment,
  receptionApartmentQuery,
  receptionParcel,
  receptionParcelQuery,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate, singlePage } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { parseFields, readForm } from '../../lib/uploads.js';
import { currentResident, requireUser, requireDesk } from '../auth/policies.js';
import { handOver, logParcel } from './parcels.actions.js';
import { toParcel, toReceptionParcel } from './parcels.presenter.js';
import * as repo from './parcels.repository.js';

const RECENT_DAYS = 30;

/** A parcel with an optional photo of its label (multipart); JSON takes the same fields without one. */
const parcelUpload = { file: { field: PARCEL_PHOTO_FIELD, required: false }, fields: parcelCreate };

/**
 * The reception's parcel desk (`/api/reception/…`, receptionists of the location only) and the
 * residents' own parcels (`/api/parcels/`), ADR 030.
 */
export async function parcelRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['parcels'], requireUser);
  const { ctx } = app;
  const { db, signer } = ctx;
  const desk = (request: Parameters<typeof currentResident>[0]) => {
    const user = currentResident(request);
    requireDesk(user);
    return { ...user, ip: request.ip };
  };

  r.get(
    '/api/reception/apartments/',
    {
      schema: {
        summary:
          'Wohnungen des eigenen Standorts für die Suche beim Erfassen (Rezeption): nach Nummer oder Name, mit den Namen der Bewohner:innen',
        querystring: receptionApartmentQuery,
        response: { 200: paginated(receptionApartment) },
      },
    },
    async (request) => {
      const caller = desk(request);
      const rows = await repo.searchApartments(db, caller.locationId, request.query.q, 20);
      const names = await repo.residentNames(
        db,
        caller.locationId,
        rows.map((a) => a.apartment_number),
      );
      return singlePage(
        rows.map((a) => ({
          apartment_number: a.apartment_number,
          open_parcels: Number(a.open_parcels),
          residents: names.get(a.apartment_number) ?? [],
        })),
      );
    },
  );

  r.post(
    '/api/reception/parcels/',
    {
      schema: {
        summary:
          'Paket erfassen (Rezeption; JSON, oder multipart mit einem Foto des Etiketts im Feld photo); Kopfzeile Idempotency-Key',
        consumes: ['multipart/form-data', 'application/json'],
        multipart: parcelUpload,
        response: { 200: receptionParcel, 201: receptionParcel },
      },
    },
    async (request, reply) => {
      const caller = desk(request);
      const form = request.isMultipart()
        ? await readForm(request, parcelUpload)
        : { file: null, fields: parseFields(parcelCreate, request.body ?? {}) };
      const header = request.headers[IDEMPOTENCY_HEADER];
      const { id, created } = await logParcel(
        ctx,
        caller,
        form.fields,
        typeof header === 'string' ? header : undefined,
        form.file,
      );
      reply.code(created ? 201 : 200);
      const [row] = await repo.findParcels(db, [id]);
      return toReceptionParcel(row!, signer, caller.tokenId);
    },
  );

  r.get(
    '/api/reception/parcels/',
    {
      schema: {
        summary: 'Pakete des eigenen Standorts (Rezeption): nach Status, Wohnung oder Abholcode',
        querystring: receptionParcelQuery,
        response: { 200: paginated(receptionParcel) },
      },
    },
    async (request) => {
      const caller = desk(request);
      const q = request.query;
      let apartment = q.apartment ? await repo.findApartment(db, caller.locationId, q.apartment) : undefined;
      if (q.code) {
        const byCode = await repo.apartmentOfCode(db, caller.locationId, q.code);
        if (apartment !== undefined && apartment !== byCode) apartment = null;
        else apartment = byCode;
      }
      if (apartment === null) return paginate('/api/reception/parcels/', q, 0, []);
      const page = await repo.listParcels(
        db,
        { locationIds: [caller.locationId], status: q.status, apartment },
        pageWindow(q),
      );
      return paginate(
        '/api/reception/parcels/',
        q,
        page.count,
        page.rows.map((p) => toReceptionParcel(p, signer, caller.tokenId)),
      );
    },
  );

  r.post(
    '/api/reception/parcels/handover/',
    {
      schema: {
        summary: 'Pakete einer Wohnung übergeben (Rezeption): mit Abholcode oder mit Notiz',
        body: parcelHandover,
        response: { 200: parcelHandoverResult },
      },
    },
    async (request) => {
      const caller = desk(request);
      const ids = await handOver(ctx, caller, request.body);
      return {
        handed_over: (await repo.findParcels(db, ids)).map((p) => toReceptionParcel(p, signer, caller.tokenId)),
      };
    },
  );

  r.get(
    '/api/parcels/',
    {
      schema: {
        summary: 'Pakete meiner Wohnung an der Rezeption: offene mit Abholcode, übergebene der letzten 30 Tage',
        response: { 200: parcelSummary },
      },
    },
    async (request) => {
      const resident = currentResident(request);
      const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString();
      const [rows, code] = await Promise.all([
        repo.residentParcels(db, resident.locationId, resident.apartmentNumber, since),
        repo.findCode(db, resident.locationId, resident.apartmentNumber),
      ]);
      const open = rows.filter((p) => p.status === 'open').map(toParcel);
      return {
        pickup_code: open.length ? code : null,
        open,
        recent: rows.filter((p) => p.status !== 'open').map(toParcel),
      };
    },
  );
}
