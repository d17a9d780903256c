import type { FastifyInstance } from 'fastify';
import {
  adminTicket,
  adminTicketListItem,
  adminTicketMessage,
  adminTicketStatus,
  idParam,
  integrationTicketQuery,
  paginated,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { setTicketStatus, writeStaffMessage } from '../tickets/tickets.admin.actions.js';
import { readAdminTicket, staleBefore } from '../tickets/tickets.admin.actions.js';
import { toAdminListItem } from '../tickets/tickets.presenter.js';
import * as repo from '../tickets/tickets.repository.js';
import { keyCallerOf, requireScope } from './api-keys.guard.js';
import { keyLocations } from './integration.scope.js';

const LINE = {
  id: 812,
  number: '2025-000812',
  location_id: 2,
  location_title: 'Lindenhof',
  created_at: '2025-03-03T07:12:00.000Z',
  last_activity_at: '2025-03-03T09:40:00.000Z',
  status: 'in_progress',
  category_name: 'Heizung',
  scope: 'apartment',
  place: '',
  excerpt: 'Der Heizkörper im Bad bleibt kalt.',
  reporter: { id: 41, name: 'Aylin Demir', apartment_number: '2.03' },
  affected_count: 1,
  assignee: null,
  stale: false,
  photo_count: 0,
};
const TICKET = {
  ...LINE,
  description: 'Der Heizkörper im Bad bleibt kalt.',
  category_id: 5,
  contact_consent: true,
  contact_phone: '0171 2345678',
  source: 'app',
  photos: [],
  events: [
    {
      id: 3002,
      kind: 'status',
      author: 'management',
      status: 'in_progress',
      text: 'Wir haben den Installateur informiert.',
      created_at: '2025-03-03T09:40:00.000Z',
      author_name: '',
      internal: false,
    },
  ],
  assignment: null,
  appointment_at: null,
  merged_into: null,
  rating: null,
  receipt_sha256: '9f2c4e0b1a7d3c5e8f6a2b4d0c1e3f5a7b9d2c4e6f8a0b1c3d5e7f9a2b4c6d8e',
  building_id: null,
  reported_done_at: null,
};

/**
 * Tickets for an ERP: read them (`tickets:read`), set a status and write to the
 * residents (`tickets:write`) with the back office's own actions, audited under the key.
 */
export async function integrationTicketRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['integration'], 'apiKey');
  const { ctx } = app;

  r.get(
    '/tickets/',
    {
      onRequest: requireScope('tickets:read'),
      schema: {
        summary: 'Schadensmeldungen der Standorte des Schlüssels (Berechtigung tickets:read)',
        description:
          'Filter: location_id, status, updated_since (ISO 8601; dann nach letzter Aktivität sortiert, älteste zuerst, zum Abholen der Änderungen). Ohne updated_since die ältesten zuerst.',
        querystring: integrationTicketQuery,
        response: {
          200: paginated(adminTicketListItem).meta({
            example: { count: 1, next: null, previous: null, results: [LINE] },
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const stale = staleBefore();
      const page = await repo.listAdminTickets(
        ctx.db,
        keyLocations(keyCallerOf(request), q.location_id),
        {
          status: q.status,
          updatedSince: q.updated_since ? new Date(q.updated_since).toISOString() : undefined,
          sort: q.updated_since ? 'updated' : 'oldest',
        },
        stale,
        pageWindow(q),
      );
      return paginate('/api/integration/tickets/', q, page.count, page.rows.map(toAdminListItem));
    },
  );

  r.get(
    '/tickets/:id/',
    {
      onRequest: requireScope('tickets:read'),
      schema: {
        summary: 'Eine Schadensmeldung mit Verlauf und Fotos (Berechtigung tickets:read)',
        description: 'Fotos als signierte, ablaufende Links. Meldungen anderer Standorte: 404.',
        params: idParam,
        response: { 200: adminTicket.meta({ example: TICKET }) },
      },
    },
    (request) => readAdminTicket(ctx, keyCallerOf(request), request.params.id),
  );

  r.post(
    '/tickets/:id/status/',
    {
      onRequest: requireScope('tickets:write'),
      schema: {
        summary: 'Status einer Schadensmeldung setzen (Berechtigung tickets:write)',
        description:
          'Wie in der Verwaltung: eine Nachricht an die Bewohner ist optional, beim Ablehnen Pflicht. Wird unter dem Namen des Schlüssels protokolliert.',
        params: idParam,
        body: adminTicketStatus.meta({
          example: { status: 'in_progress', message: 'Wir haben den Installateur informiert.' },
        }),
        response: { 200: adminTicket.meta({ example: TICKET }) },
      },
    },
    async (request) => {
      const key = keyCallerOf(request);
      await setTicketStatus(ctx, key, request.params.id, request.body.status, request.body.message);
      return readAdminTicket(ctx, key, request.params.id);
    },
  );

  r.post(
    '/tickets/:id/messages/',
    {
      onRequest: requireScope('tickets:write'),
      schema: {
        summary: 'Nachricht der Verwaltung zu einer Schadensmeldung (Berechtigung tickets:write)',
        description:
          'Eine Nachricht an die Meldenden und Betroffenen (sie werden benachrichtigt), oder mit internal=true eine interne Notiz.',
        params: idParam,
        body: adminTicketMessage.meta({
          example: { text: 'Der Installateur kommt am Dienstag ab 8 Uhr.', internal: false },
        }),
        response: { 201: adminTicket.meta({ example: TICKET }) },
      },
    },
    async (request, reply) => {
      const key = keyCallerOf(request);
      await writeStaffMessage(ctx, key, request.params.id, request.body.text, request.body.internal);
      reply.code(201);
      return readAdminTicket(ctx, key, request.params.id);
    },
  );
}
