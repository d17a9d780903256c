import type { FastifyInstance } from 'fastify';
import {
  adminBooking,
  adminDocumentCreate,
  adminNotice,
  integrationBookingQuery,
  integrationDocument,
  integrationParcel,
  integrationParcelQuery,
  noticeInput,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { baseName, readForm } from '../../lib/uploads.js';
import { adminBookings } from '../bookings/bookings.repository.js';
import { toAdminBooking } from '../bookings/bookings.presenter.js';
import { addDays, berlinInstant } from '../bookings/bookings.time.js';
import { uploadDocument } from '../documents/documents.actions.js';
import { toIntegrationDocument } from '../documents/documents.presenter.js';
import { publishNotice } from '../notices/notices.actions.js';
import { toAdminNotice } from '../notices/notices.presenter.js';
import { listParcels } from '../parcels/parcels.repository.js';
import { toIntegrationParcel } from '../parcels/parcels.presenter.js';
import { keyCallerOf, requireScope } from './api-keys.guard.js';
import { keyLocations } from './integration.scope.js';

/** The back office's document form: the PDF in `document`, its fields beside it. */
const documentUpload = { file: { field: 'document', required: true }, fields: adminDocumentCreate };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Documents and notices from an ERP (`documents:write`, `notices:write`) through the back office's
 * actions, and bookings and parcels to read (`bookings:read`, `parcels:read`), each within the
 * key's locations.
 */
export async function integrationContentRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['integration'], 'apiKey');
  const { ctx } = app;
  const { db, signer } = ctx;

  r.post(
    '/documents/',
    {
      onRequest: requireScope('documents:write'),
      schema: {
        summary: 'Dokument hochladen (Berechtigung documents:write)',
        description:
          'multipart/form-data: location_id, apartment_number (leer: ganzer Standort), title, icon, document (PDF bis 10 MB; der Inhalt wird geprüft). Die Bewohner werden benachrichtigt; protokolliert unter dem Namen des Schlüssels.',
        consumes: ['multipart/form-data'],
        multipart: documentUpload,
        response: {
          201: integrationDocument.meta({
            example: {
              id: 77,
              title: 'Nebenkostenabrechnung 2024',
              icon: 'description',
              location_id: 2,
              apartment_number: '2.03',
              file_name: 'nk-2024-2.03.pdf',
              created_at: '2025-03-04T10:00:00.000Z',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const key = keyCallerOf(request);
      const form = await readForm(request, documentUpload);
      const file = form.file!;
      const row = await uploadDocument(ctx, key, form.fields, { ...file, filename: baseName(file.filename) });
      reply.code(201);
      return toIntegrationDocument(row);
    },
  );

  r.post(
    '/notices/',
    {
      onRequest: requireScope('notices:write'),
      schema: {
        summary: 'Aushang veröffentlichen (Berechtigung notices:write)',
        description:
          'Wie in der Verwaltung, nur an Standorte des Schlüssels (sonst 404). Die Bewohner werden sofort oder ab starts_at benachrichtigt.',
        body: noticeInput.meta({
          example: {
            title: 'Wasserabstellung am 12. März',
            text: 'Am 12. März wird von 9 bis 12 Uhr das Wasser abgestellt.',
            important: true,
            ends_at: '2025-03-12T12:00:00+01:00',
            starts_at: null,
            location_ids: [2],
          },
        }),
        response: {
          201: adminNotice.meta({
            example: {
              id: 19,
              title: 'Wasserabstellung am 12. März',
              text: 'Am 12. März wird von 9 bis 12 Uhr das Wasser abgestellt.',
              important: true,
              ends_at: '2025-03-12T11:00:00.000Z',
              created_at: '2025-03-04T10:00:00.000Z',
              updated_at: '2025-03-04T10:00:00.000Z',
              location_ids: [2],
              locations: [{ id: 2, title: 'Lindenhof' }],
              active: true,
              author_name: null,
              starts_at: null,
              scheduled: false,
              attachments: [],
              reads: { opened: 0, households: 48 },
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await publishNotice(ctx, keyCallerOf(request), request.body);
      reply.code(201);
      return toAdminNotice(created, signer);
    },
  );

  r.get(
    '/bookings/',
    {
      onRequest: requireScope('bookings:read'),
      schema: {
        summary: 'Buchungen der Standorte des Schlüssels (Berechtigung bookings:read)',
        description:
          'Filter: location_id, from und to (Berliner Daten, beide einschließlich; Buchungen, die in den Zeitraum fallen), status. Nach Beginn sortiert.',
        querystring: integrationBookingQuery,
        response: {
          200: paginated(adminBooking).meta({
            example: {
              count: 1,
              next: null,
              previous: null,
              results: [
                {
                  id: 301,
                  resource_id: 4,
                  resource_name: 'Gästewohnung',
                  mode: 'days',
                  starts_at: '2025-03-14T14:00:00.000Z',
                  ends_at: '2025-03-16T10:00:00.000Z',
                  check_in: '15:00',
                  check_out: '11:00',
                  status: 'approved',
                  status_label: 'Bestätigt',
                  decision_reason: '',
                  note: '',
                  cancellable_until: '2025-03-12T14:00:00.000Z',
                  can_cancel: false,
                  created_at: '2025-03-01T18:00:00.000Z',
                  user_id: 41,
                  resident_name: 'Aylin Demir',
                  apartment_number: '2.03',
                  location_id: 2,
                },
              ],
            },
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await adminBookings(
        db,
        keyLocations(keyCallerOf(request), q.location_id),
        {
          from: q.from ? iso(berlinInstant(q.from, 0)) : undefined,
          to: q.to ? iso(berlinInstant(addDays(q.to, 1), 0)) : undefined,
          status: q.status,
        },
        pageWindow(q),
      );
      return paginate('/api/integration/bookings/', q, page.count, page.rows.map(toAdminBooking));
    },
  );

  r.get(
    '/parcels/',
    {
      onRequest: requireScope('parcels:read'),
      schema: {
        summary: 'Pakete der Standorte des Schlüssels, ohne Fotos der Etiketten (Berechtigung parcels:read)',
        description: 'Filter: location_id, status (open, handed_over). Offene die ältesten zuerst, sonst die neuesten.',
        querystring: integrationParcelQuery,
        response: {
          200: paginated(integrationParcel).meta({
            example: {
              count: 1,
              next: null,
              previous: null,
              results: [
                {
                  id: 5120,
                  apartment_number: '2.03',
                  carrier: 'DHL',
                  pieces: 1,
                  storage_place: 'Regal B',
                  note: '',
                  tracking_number: '00340434161234567890',
                  status: 'open',
                  logged_by: 'Empfang Lindenhof',
                  logged_at: '2025-03-04T09:12:00.000Z',
                  handed_over_by: null,
                  handed_over_at: null,
                  handover_note: '',
                  location_id: 2,
                },
              ],
            },
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listParcels(
        db,
        { locationIds: keyLocations(keyCallerOf(request), q.location_id), status: q.status },
        pageWindow(q),
      );
      return paginate('/api/integration/parcels/', q, page.count, page.rows.map(toIntegrationParcel));
    },
  );
}
