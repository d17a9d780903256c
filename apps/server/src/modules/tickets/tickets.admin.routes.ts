import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TICKET_STATUSES,
  adminTicket,
  adminTicketAssign,
  adminTicketBoard,
  adminTicketCategory,
  adminTicketCategoryInput,
  adminTicketCategoryQuery,
  adminTicketCreate,
  adminTicketListItem,
  adminTicketMerge,
  adminTicketMessage,
  adminTicketQuery,
  adminTicketStats,
  adminTicketStatsQuery,
  adminTicketStatus,
  adminTicketSummary,
  adminTicketSummaryQuery,
  idParam,
  paginated,
  adminTicketAcceptance,
  adminTicketBuilding,
} from '@hausportal/contract';

import { pageWindow } from '../../db/paging.js';

import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, listScope, type Caller } from '../auth/policies.js';
import {
  addStaffPhoto,
  assignCraftsman,
  createCategory,
  mergeTicket,
  openTicketForResident,
  revokeAssignment,
  setTicketStatus,
  updateCategory,
  decideAcceptance,
  readAdminTicket,
  setTicketBuilding,
  staleBefore,
  writeStaffMessage,
} from './tickets.admin.actions.js';
import { statsCsv, statsPeriod, toAdminCategory, toAdminListItem, toStats } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';
import { photoOf, photoUpload } from './tickets.routes.js';

/** The back office's 'Meldungen', inside /api/admin and its manager guard (ADR 020). */
export async function ticketAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: tickets'], 'parent');
  const { ctx } = app;
  const { db } = ctx;
  const show = (caller: Caller, id: number) => readAdminTicket(ctx, caller, id);
  /** A change of one ticket by staff, answered with the ticket as it is then. */
  const changed = async (request: FastifyRequest, id: number, change: (caller: Caller) => Promise<unknown>) => {
    const caller = callerOf(request);
    await change(caller);
    return show(caller, id);
  };

  r.get(
    '/tickets/',
    {
      schema: {
        summary: 'Meldungen der eigenen Standorte mit Filtern, nach Alter sortiert',
        querystring: adminTicketQuery,
        response: { 200: paginated(adminTicketListItem) },
      },
    },
    async (request) => {
      const q = request.query;
      const stale = staleBefore();
      const page = await repo.listAdminTickets(
        db,
        await listScope(request, q.location_id),
        {
          status: q.status,
          state: q.state,
          categoryId: q.category_id,
          assignee: q.assignee,
          staleBefore: q.stale ? stale : undefined,
          search: q.search,
          sort: q.sort,
        },
        stale,
        pageWindow(q),
      );
      return paginate('/api/admin/tickets/', q, page.count, page.rows.map(toAdminListItem));
    },
  );

  r.get(
    '/tickets/summary/',
    {
      schema: {
        summary: 'Neue und liegengebliebene Meldungen (für die Navigation)',
        querystring: adminTicketSummaryQuery,
        response: { 200: adminTicketSummary },
      },
    },
    async (request) => repo.ticketSummary(db, await listScope(request, request.query.location_id), staleBefore()),
  );

  r.get(
    '/tickets/board/',
    {
      schema: {
        summary: 'Meldungen nach Status (je Spalte die ersten 20)',
        querystring: adminTicketSummaryQuery,
        response: { 200: adminTicketBoard },
      },
    },
    async (request) => {
      const locations = await listScope(request, request.query.location_id);
      const stale = staleBefore();
      const columns = await Promise.all(
        TICKET_STATUSES.map(async (status) => {
          const column = await repo.boardColumn(db, locations, status, stale, 20);
          return { status, count: column.count, results: column.rows.map(toAdminListItem) };
        }),
      );
      return { columns };
    },
  );

  r.get(
    '/tickets/stats/',
    {
      schema: {
        summary: 'Auswertung: Meldungen je Kategorie, Reaktions- und Erledigungszeit, Bewertung',
        querystring: adminTicketStatsQuery,
        response: { 200: adminTicketStats },
      },
    },
    async (request) => {
      const q = request.query;
      const period = statsPeriod(q.from, q.to);
      const rows = await repo.ticketsForStats(
        db,
        await listScope(request, q.location_id),
        period.startAt,
        period.endAt,
      );
      return toStats(rows, period);
    },
  );

  r.get(
    '/tickets/stats.csv',
    {
      schema: {
        summary: 'Die Meldungen des Zeitraums als CSV',
        querystring: adminTicketStatsQuery,
        download: {
          type: 'text/csv',
          description: 'Eine Zeile je Meldung, UTF-8 mit BOM, Semikolon als Trennzeichen (für Excel).',
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const period = statsPeriod(q.from, q.to);
      const rows = await repo.ticketsForStats(
        db,
        await listScope(request, q.location_id),
        period.startAt,
        period.endAt,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="meldungen-${period.from}-bis-${period.to}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(statsCsv(rows));
    },
  );

  r.post(
    '/tickets/',
    {
      schema: {
        summary: 'Meldung für eine Bewohnerin oder einen Bewohner aufnehmen (Telefon, Empfang)',
        body: adminTicketCreate,
        response: { 201: adminTicket },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = await openTicketForResident(ctx, caller, request.body);
      reply.code(201);
      return show(caller, id);
    },
  );

  r.get(
    '/tickets/:id/',
    {
      schema: {
        summary: 'Eine Meldung mit Verlauf und internen Notizen',
        params: idParam,
        response: { 200: adminTicket },
      },
    },
    async (request) => show(callerOf(request), request.params.id),
  );

  r.post(
    '/tickets/:id/status/',
    {
      schema: {
        summary: 'Status setzen, mit Nachricht an die Bewohner:innen (Ablehnung mit Grund)',
        params: idParam,
        body: adminTicketStatus,
        response: { 200: adminTicket },
      },
    },
    async (request) =>
      changed(request, request.params.id, (caller) =>
        setTicketStatus(ctx, caller, request.params.id, request.body.status, request.body.message),
      ),
  );

  r.post(
    '/tickets/:id/messages/',
    {
      schema: {
        summary: 'Nachricht an die Bewohner:innen oder interne Notiz',
        params: idParam,
        body: adminTicketMessage,
        response: { 201: adminTicket },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return changed(request, request.params.id, (caller) =>
        writeStaffMessage(ctx, caller, request.params.id, request.body.text, request.body.internal),
      );
    },
  );

  r.post(
    '/tickets/:id/photos/',
    {
      schema: {
        summary: 'Foto hinzufügen (multipart: photo)',
        params: idParam,
        consumes: ['multipart/form-data'],
        multipart: photoUpload,
        response: { 201: adminTicket },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return changed(request, request.params.id, (caller) =>
        addStaffPhoto(ctx, caller, request.params.id, photoOf(request)),
      );
    },
  );

  r.post(
    '/tickets/:id/acceptance/',
    {
      schema: {
        summary: "'Abnehmen' oder 'Zurückgeben': über die Erledigt-Meldung des Handwerkers entscheiden",
        params: idParam,
        body: adminTicketAcceptance,
        response: { 200: adminTicket },
      },
    },
    async (request) =>
      changed(request, request.params.id, (caller) => decideAcceptance(ctx, caller, request.params.id, request.body)),
  );

  r.post(
    '/tickets/:id/building/',
    {
      schema: {
        summary: 'Gebäude oder Aufgang der Meldung (der Handwerker fährt zu dessen Adresse)',
        params: idParam,
        body: adminTicketBuilding,
        response: { 200: adminTicket },
      },
    },
    async (request) =>
      changed(request, request.params.id, (caller) =>
        setTicketBuilding(ctx, caller, request.params.id, request.body.building_id),
      ),
  );

  r.post(
    '/tickets/:id/assignment/',
    {
      schema: {
        summary: 'Handwerker beauftragen: Anbieter erhält eine E-Mail mit dem Auftragslink',
        params: idParam,
        body: adminTicketAssign,
        response: { 200: adminTicket },
      },
    },
    async (request) =>
      changed(request, request.params.id, (caller) =>
        assignCraftsman(ctx, caller, request.params.id, request.body.provider_id, request.body.message),
      ),
  );

  r.delete(
    '/tickets/:id/assignment/',
    {
      schema: {
        summary: 'Auftrag zurückziehen (der Link gilt sofort nicht mehr)',
        params: idParam,
        response: { 200: adminTicket },
      },
    },
    async (request) =>
      changed(request, request.params.id, (caller) => revokeAssignment(ctx, caller, request.params.id)),
  );

  r.post(
    '/tickets/:id/merge/',
    {
      schema: {
        summary: 'Doppelte Meldung zusammenführen (Meldende und Betroffene gehen mit)',
        params: idParam,
        body: adminTicketMerge,
        response: { 200: adminTicket },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const into = await mergeTicket(ctx, caller, request.params.id, request.body.into_id);
      return show(caller, into);
    },
  );

  r.get(
    '/ticket-categories/',
    {
      schema: {
        summary: 'Kategorien der Meldungen je Standort',
        querystring: adminTicketCategoryQuery,
        response: { 200: paginated(adminTicketCategory) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await repo.pageAdminCategories(db, await listScope(request, q.location_id), pageWindow(q));
      return paginate('/api/admin/ticket-categories/', q, page.count, page.rows.map(toAdminCategory));
    },
  );

  r.post(
    '/ticket-categories/',
    {
      schema: {
        summary: 'Kategorie anlegen',
        body: adminTicketCategoryInput,
        response: { 201: adminTicketCategory },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = await createCategory(ctx, caller, request.body);
      reply.code(201);
      const [row] = (await repo.listAdminCategories(db, [request.body.location_id])).filter((c) => c.id === id);
      return toAdminCategory(row!);
    },
  );

  r.put(
    '/ticket-categories/:id/',
    {
      schema: {
        summary: 'Kategorie umbenennen, markieren, sortieren oder archivieren',
        params: idParam,
        body: adminTicketCategoryInput,
        response: { 200: adminTicketCategory },
      },
    },
    async (request) => {
      await updateCategory(ctx, callerOf(request), request.params.id, request.body);
      const [row] = (await repo.listAdminCategories(db, [request.body.location_id])).filter(
        (c) => c.id === request.params.id,
      );
      return toAdminCategory(row!);
    },
  );
}
