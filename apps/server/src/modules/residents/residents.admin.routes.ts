import type { FastifyInstance } from 'fastify';
import {
  MAIL_QUEUED,
  activationLettersRequest,
  adminResident,
  adminResidentCreate,
  adminResidentQuery,
  adminResidentUpdate,
  idParam,
  mailQueued,
  paginated,
  residentErasure,
  residentErasureResult,
  residentImportRequest,
  residentImportResult,
} from '@hausportal/contract';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, currentUser, managerLocations, requireLocation } from '../auth/policies.js';
import * as repo from './residents.repository.js';
import {
  createResident,
  eraseResident,
  importResidents,
  printActivationLetters,
  residentInReach,
  sendAccountMail,
  setResidentActive,
  updateResident,
} from './residents.actions.js';
import { toAdminResident } from './residents.presenter.js';

/** Residents of the caller's locations, inside the /api/admin plugin and its manager guard. */
export async function residentRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: residents'], 'parent');
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/residents/',
    {
      schema: {
        summary: 'Bewohner:innen der eigenen Standorte, nach Wohnungsnummer (Suche: Name, Wohnung, E-Mail)',
        querystring: adminResidentQuery,
        response: { 200: paginated(adminResident) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.location_id !== undefined) await requireLocation(request, q.location_id);
      const page = await repo.listResidents(
        db,
        await managerLocations(request),
        { locationId: q.location_id, search: q.search, active: q.active, status: q.status },
        pageWindow(q),
      );
      return paginate(
        '/api/admin/residents/',
        q,
        page.count,
        page.rows.map((r) => toAdminResident(r, ctx.config.access)),
      );
    },
  );

  r.post(
    '/residents/',
    {
      schema: {
        summary: 'Bewohner:in anlegen (ohne Passwort; optional mit Einladung)',
        body: adminResidentCreate,
        response: { 201: adminResident },
      },
    },
    async (request, reply) => {
      const row = await createResident(ctx, callerOf(request), request.body);
      reply.code(201);
      return toAdminResident(row, ctx.config.access);
    },
  );

  r.post(
    '/residents/import/',
    {
      schema: {
        summary: 'Bewohner:innen aus einer CSV-Datei übernehmen (Zeilen als JSON, höchstens 1000 je Aufruf)',
        body: residentImportRequest,
        response: { 200: residentImportResult },
      },
    },
    async (request) => importResidents(ctx, callerOf(request), request.body),
  );

  r.post(
    '/residents/activation-letters/',
    {
      schema: {
        summary:
          'Aktivierungsbriefe drucken: ein PDF mit einer A4-Seite je Bewohner:in, neuer Einmal-Code (30 Tage gültig) mit QR-Code',
        body: activationLettersRequest,
        download: {
          type: 'application/pdf',
          description: 'Die Briefe als ein PDF (A4, eine Seite je Bewohner:in); nicht zwischenspeichern.',
        },
      },
    },
    async (request, reply) => {
      const { pdf, count, apartmentNumber } = await printActivationLetters(ctx, callerOf(request), request.body.ids);
      const name =
        count === 1
          ? `Aktivierungsbrief-${apartmentNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`
          : `Aktivierungsbriefe-${count}.pdf`;
      // The letters hold working codes: no cache anywhere may keep them.
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  r.get(
    '/residents/:id/',
    {
      schema: {
        summary: 'Ein:e Bewohner:in',
        params: idParam,
        response: { 200: adminResident },
      },
    },
    async (request) =>
      toAdminResident(await residentInReach(db, currentUser(request), request.params.id), ctx.config.access),
  );

  r.put(
    '/residents/:id/',
    {
      schema: {
        summary: 'Bewohner:in ändern',
        params: idParam,
        body: adminResidentUpdate,
        response: { 200: adminResident },
      },
    },
    async (request) =>
      toAdminResident(await updateResident(ctx, callerOf(request), request.params.id, request.body), ctx.config.access),
  );

  for (const active of [false, true]) {
    r.post(
      `/residents/:id/${active ? 'activate' : 'deactivate'}/`,
      {
        schema: {
          summary: active
            ? 'Konto wieder aktivieren'
            : 'Konto deaktivieren (beendet jede Sitzung, Anmeldung nicht mehr möglich)',
          params: idParam,
          response: { 200: adminResident },
        },
      },
      async (request) =>
        toAdminResident(await setResidentActive(ctx, callerOf(request), request.params.id, active), ctx.config.access),
    );
  }

  for (const kind of ['invitation', 'reset'] as const) {
    r.post(
      `/residents/:id/${kind === 'invitation' ? 'invitation' : 'password-reset'}/`,
      {
        schema: {
          summary:
            kind === 'invitation'
              ? 'Einladung senden (Link zum Festlegen des Passworts, 7 Tage gültig)'
              : 'Link zum Zurücksetzen des Passworts senden (1 Stunde gültig)',
          params: idParam,
          response: { 202: mailQueued },
        },
      },
      async (request, reply) => {
        await sendAccountMail(ctx, callerOf(request), request.params.id, kind);
        reply.code(202);
        return { detail: MAIL_QUEUED };
      },
    );
  }

  r.post(
    '/residents/:id/erasure/',
    {
      schema: {
        summary: 'Personenbezogene Daten löschen (Beiträge anonymisieren oder löschen)',
        params: idParam,
        body: residentErasure,
        response: { 200: residentErasureResult },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { id, erased_at: await eraseResident(ctx, callerOf(request), id, request.body.content) };
    },
  );
}
