import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentLanguage } from '../../lib/translations.js';
import {
  IDEMPOTENCY_HEADER,
  MAX_REPORT_PHOTOS,
  buildingTicket,
  buildingTicketQuery,
  idParam,
  paginated,
  ticket as ticketSchema,
  ticketAffected,
  ticketCategory,
  ticketCreate,
  ticketListItem,
  ticketListQuery,
  ticketMessageCreate,
  ticketRating,
  ticketReopen,
  photoForm,
} from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import type { Translator } from '../../i18n/index.js';
import { requestTranslator } from '../../i18n/request.js';
import { said } from '../../lib/errors.js';
import { paginate, singlePage } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { parseFields, readForm } from '../../lib/uploads.js';
import type { UrlSigner } from '../../lib/signing.js';
import { currentResident, requireUser, type Resident } from '../auth/policies.js';
import {
  addTicketPhoto,
  followTicket,
  rateTicket,
  reopenTicket,
  reportTicket,
  ticketInReach,
  ticketReceipt,
  unfollowTicket,
  writeTicketMessage,
} from './tickets.actions.js';
import { toBuildingTicket, toCategory, toListItem, toTicket } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

/** A ticket as the caller reads it, with its photos and public timeline. */
async function readTicket(db: DB, signer: UrlSigner, resident: Resident, id: number, tr: Translator) {
  const { ticket, relation } = await ticketInReach(db, resident, id);
  const [photos, events] = await Promise.all([
    repo.listPhotos(db, ticket.id),
    repo.listEvents(db, ticket.id, { internal: false }),
  ]);
  return toTicket(ticket, relation, resident.id, photos, events, signer, resident.tokenId, tr);
}

/** Residents report defects, follow building-wide ones and read their tickets (ADR 020). */
/** Reads the one photo of a photo upload (multipart field `photo`) once the action asks for it. */
export const photoUpload = { file: { field: 'photo', required: true }, fields: photoForm };
export const photoOf = (request: FastifyRequest) => async () => (await readForm(request, photoUpload)).file!;

/** A report with its photos (multipart); JSON takes the same fields without photos. */
const reportUpload = {
  file: {
    field: 'photos',
    required: false,
    max: MAX_REPORT_PHOTOS,
    tooMany: said('errors.uploads.reportPhotos', { max: MAX_REPORT_PHOTOS }),
  },
  fields: ticketCreate,
};

export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['tickets'], requireUser);
  const { ctx } = app;
  const { db, signer } = ctx;
  const show = (request: FastifyRequest, resident: Resident, id: number) =>
    readTicket(db, signer, resident, id, requestTranslator(request));

  r.get(
    '/api/tickets/categories/',
    {
      schema: {
        summary: 'Kategorien für „Schaden melden“ am eigenen Standort',
        response: { 200: paginated(ticketCategory) },
      },
    },
    async (request) =>
      singlePage(
        (await repo.listCategories(db, [currentResident(request).locationId])).map((c) =>
          toCategory(c, contentLanguage(request)),
        ),
      ),
  );

  r.post(
    '/api/tickets/',
    {
      schema: {
        summary: `Schaden melden (JSON, oder multipart mit bis zu ${MAX_REPORT_PHOTOS} Fotos im Feld photos); Kopfzeile Idempotency-Key`,
        consumes: ['multipart/form-data', 'application/json'],
        multipart: reportUpload,
        response: { 200: ticketSchema, 201: ticketSchema },
      },
    },
    async (request, reply) => {
      const resident = currentResident(request);
      const form = request.isMultipart()
        ? await readForm(request, reportUpload)
        : { files: [], fields: parseFields(ticketCreate, request.body ?? {}) };
      const header = request.headers[IDEMPOTENCY_HEADER];
      const { id, created } = await reportTicket(
        ctx,
        resident,
        form.fields,
        form.files,
        typeof header === 'string' ? header : undefined,
      );
      reply.code(created ? 201 : 200);
      return show(request, resident, id);
    },
  );

  r.get(
    '/api/tickets/',
    {
      schema: {
        summary: 'Meine Meldungen: eigene und mitverfolgte, zuletzt geänderte zuerst',
        querystring: ticketListQuery,
        response: { 200: paginated(ticketListItem) },
      },
    },
    async (request) => {
      const resident = currentResident(request);
      const q = request.query;
      const page = await repo.listOwnTickets(db, resident.id, { open: q.open }, pageWindow(q));
      return paginate(
        '/api/tickets/',
        q,
        page.count,
        page.rows.map((t) => toListItem(t, resident.id, contentLanguage(request))),
      );
    },
  );

  r.get(
    '/api/tickets/building/',
    {
      schema: {
        summary: 'Offene Meldungen im Haus (ohne Namen): „Bereits gemeldet“',
        querystring: buildingTicketQuery,
        response: { 200: paginated(buildingTicket) },
      },
    },
    async (request) => {
      const resident = currentResident(request);
      const q = request.query;
      const page = await repo.listBuildingTickets(db, resident.locationId, q.category_id, resident.id, pageWindow(q));
      return paginate(
        '/api/tickets/building/',
        q,
        page.count,
        page.rows.map((t) => toBuildingTicket(t, resident.id, contentLanguage(request))),
      );
    },
  );

  r.get(
    '/api/tickets/:id/',
    { schema: { summary: 'Eine Meldung mit Verlauf', params: idParam, response: { 200: ticketSchema } } },
    async (request) => show(request, currentResident(request), request.params.id),
  );

  r.post(
    '/api/tickets/:id/photos/',
    {
      schema: {
        summary: 'Ein Foto nachreichen (multipart: photo)',
        params: idParam,
        consumes: ['multipart/form-data'],
        multipart: photoUpload,
        response: { 201: ticketSchema },
      },
    },
    async (request, reply) => {
      const resident = currentResident(request);
      await addTicketPhoto(ctx, resident, request.params.id, photoOf(request));
      reply.code(201);
      return show(request, resident, request.params.id);
    },
  );

  r.post(
    '/api/tickets/:id/messages/',
    {
      schema: {
        summary: 'An die Hausverwaltung schreiben',
        params: idParam,
        body: ticketMessageCreate,
        response: { 201: ticketSchema },
      },
    },
    async (request, reply) => {
      const resident = currentResident(request);
      await writeTicketMessage(ctx, resident, request.params.id, request.body.text);
      reply.code(201);
      return show(request, resident, request.params.id);
    },
  );

  r.post(
    '/api/tickets/:id/affected/',
    {
      schema: {
        summary: '„Betrifft mich auch“: einer Meldung im Haus folgen',
        params: idParam,
        response: { 200: ticketAffected },
      },
    },
    async (request) => followTicket(ctx, currentResident(request), request.params.id),
  );

  r.delete(
    '/api/tickets/:id/affected/',
    {
      schema: { summary: 'Einer Meldung nicht mehr folgen', params: idParam, response: { 200: ticketAffected } },
    },
    async (request) => unfollowTicket(ctx, currentResident(request), request.params.id),
  );

  r.post(
    '/api/tickets/:id/rating/',
    {
      schema: {
        summary: 'Die Reparatur bewerten (1–5 Sterne, bis 14 Tage nach „Erledigt“)',
        params: idParam,
        body: ticketRating,
        response: { 200: ticketSchema },
      },
    },
    async (request) => {
      const resident = currentResident(request);
      await rateTicket(ctx, resident, request.params.id, request.body.stars, request.body.text);
      return show(request, resident, request.params.id);
    },
  );

  r.post(
    '/api/tickets/:id/reopen/',
    {
      schema: {
        summary: 'Wieder öffnen (bis 14 Tage nach „Erledigt“)',
        params: idParam,
        body: ticketReopen,
        response: { 200: ticketSchema },
      },
    },
    async (request) => {
      const resident = currentResident(request);
      await reopenTicket(ctx, resident, request.params.id, request.body.text);
      return show(request, resident, request.params.id);
    },
  );

  r.get(
    '/api/tickets/:id/receipt.pdf',
    {
      schema: {
        summary: 'Eingangsbestätigung als PDF (nur für die meldende Person)',
        params: idParam,
        download: { type: 'application/pdf', description: 'Die Eingangsbestätigung der Meldung.' },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await ticketReceipt(ctx, currentResident(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="Eingangsbestaetigung-${number}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}
