import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APARTMENT_TAKEN,
  MAIL_QUEUED,
  NO_EMAIL,
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
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { currentUser, managerLocations, requireLocation } from '../auth/policies.js';
import { locationsByIds } from '../auth/auth.repository.js';
import * as repo from './residents.repository.js';
import { importResidents } from './residents.import.js';
import { queueAccountMail } from './residents.mail.js';
import { auditedResident, toAdminResident } from './residents.presenter.js';

const tags = ['admin: residents'];
const security = [{ token: [] }];
const ERASED = 'Die Daten dieser Person wurden gelöscht.';
const INACTIVE = 'Dieses Konto ist deaktiviert. Bitte aktivieren Sie es zuerst.';

/** Residents of the caller's locations, inside the /api/admin plugin and its manager guard. */
export async function residentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const { db, outbox } = ctx;

  /** The resident if the caller may see them, else 404. */
  async function residentInScope(request: FastifyRequest, id: number) {
    const row = await repo.findResident(db, await managerLocations(request), id);
    if (!row) throw notFound();
    return row;
  }

  /** 400 unless the apartment number is free or already this resident's login. */
  async function requireFreeApartment(apartmentNumber: string, selfId?: number) {
    const owner = await repo.findLoginOwner(db, apartmentNumber);
    if (owner && owner.id !== selfId) throw fieldError('apartment_number', APARTMENT_TAKEN);
  }

  /** Two requests may claim one apartment number at once; the unique login decides, answered alike. */
  async function claimingApartment<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (repo.isUniqueViolation(err)) throw fieldError('apartment_number', APARTMENT_TAKEN);
      throw err;
    }
  }

  r.get(
    '/residents/',
    {
      schema: {
        tags,
        security,
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
        { locationId: q.location_id, search: q.search, active: q.active },
        pageWindow(q),
      );
      return paginate('/api/admin/residents/', q, page.count, page.rows.map(toAdminResident));
    },
  );

  r.post(
    '/residents/',
    {
      schema: {
        tags,
        security,
        summary: 'Bewohner:in anlegen (ohne Passwort; optional mit Einladung)',
        body: adminResidentCreate,
        response: { 201: adminResident },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const b = request.body;
      await requireLocation(request, b.location_id);
      await requireFreeApartment(b.apartment_number);
      if (b.send_invitation && !b.email) throw fieldError('email', NO_EMAIL);
      const input = inputOf(b);
      const row = await claimingApartment(() =>
        inTransaction(db, async (trx) => {
          const id = await repo.createResident(trx, input);
          const created = (await repo.findResident(trx, [b.location_id], id))!;
          if (b.send_invitation) await queueAccountMail(ctx, trx, recipient(created), 'invitation');
          await audit(trx, {
            userId: user.id,
            action: 'resident_created',
            entity: 'user',
            entityId: id,
            locationId: b.location_id,
            after: auditedResident(created),
            ip: request.ip,
          });
          return (await repo.findResident(trx, [b.location_id], id))!;
        }),
      );
      if (b.send_invitation) outbox.kick();
      reply.code(201);
      return toAdminResident(row);
    },
  );

  r.post(
    '/residents/import/',
    {
      schema: {
        tags,
        security,
        summary: 'Bewohner:innen aus einer CSV-Datei übernehmen (Zeilen als JSON, höchstens 1000 je Aufruf)',
        body: residentImportRequest,
        response: { 200: residentImportResult },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireLocation(request, request.body.location_id);
      const [location] = await locationsByIds(db, [request.body.location_id]);
      try {
        return await importResidents(
          ctx,
          { userId: user.id, ip: request.ip },
          request.body,
          location!.title || location!.name,
        );
      } catch (err) {
        // Another import wrote one of the same apartments meanwhile; the whole batch was rolled back.
        if (repo.isUniqueViolation(err))
          throw nonFieldError('Die Daten wurden gleichzeitig geändert. Bitte starten Sie den Import erneut.');
        throw err;
      }
    },
  );

  r.get(
    '/residents/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Ein:e Bewohner:in',
        params: idParam,
        response: { 200: adminResident },
      },
    },
    async (request) => toAdminResident(await residentInScope(request, request.params.id)),
  );

  r.put(
    '/residents/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Bewohner:in ändern',
        params: idParam,
        body: adminResidentUpdate,
        response: { 200: adminResident },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const before = await residentInScope(request, id);
      const b = request.body;
      await requireLocation(request, b.location_id);
      if (before.erased_at) throw nonFieldError(ERASED);
      await requireFreeApartment(b.apartment_number, id);
      const row = await claimingApartment(() =>
        inTransaction(db, async (trx) => {
          await repo.updateResident(trx, id, inputOf(b));
          const after = (await repo.findResident(trx, [b.location_id], id))!;
          await audit(trx, {
            userId: user.id,
            action: 'resident_updated',
            entity: 'user',
            entityId: id,
            locationId: b.location_id,
            details: before.location_id === b.location_id ? undefined : { from_location_id: before.location_id },
            before: auditedResident(before),
            after: auditedResident(after),
            ip: request.ip,
          });
          return after;
        }),
      );
      return toAdminResident(row);
    },
  );

  for (const active of [false, true]) {
    r.post(
      `/residents/:id/${active ? 'activate' : 'deactivate'}/`,
      {
        schema: {
          tags,
          security,
          summary: active
            ? 'Konto wieder aktivieren'
            : 'Konto deaktivieren (beendet jede Sitzung, Anmeldung nicht mehr möglich)',
          params: idParam,
          response: { 200: adminResident },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        const before = await residentInScope(request, id);
        if (active && before.erased_at) throw nonFieldError(ERASED);
        const row = await inTransaction(db, async (trx) => {
          await repo.setActive(trx, id, active);
          await audit(trx, {
            userId: user.id,
            action: active ? 'resident_activated' : 'resident_deactivated',
            entity: 'user',
            entityId: id,
            locationId: before.location_id,
            before: before.erased_at ? undefined : auditedResident(before),
            after: before.erased_at ? undefined : { ...auditedResident(before), is_active: active },
            ip: request.ip,
          });
          return (await repo.findResident(trx, [before.location_id!], id))!;
        });
        return toAdminResident(row);
      },
    );
  }

  for (const kind of ['invitation', 'reset'] as const) {
    r.post(
      `/residents/:id/${kind === 'invitation' ? 'invitation' : 'password-reset'}/`,
      {
        schema: {
          tags,
          security,
          summary:
            kind === 'invitation'
              ? 'Einladung senden (Link zum Festlegen des Passworts, 7 Tage gültig)'
              : 'Link zum Zurücksetzen des Passworts senden (1 Stunde gültig)',
          params: idParam,
          response: { 202: mailQueued },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { id } = request.params;
        const row = await residentInScope(request, id);
        if (!row.email) throw fieldError('email', NO_EMAIL);
        if (!row.is_active) throw nonFieldError(INACTIVE);
        await inTransaction(db, async (trx) => {
          await queueAccountMail(ctx, trx, recipient(row), kind);
          await audit(trx, {
            userId: user.id,
            action: kind === 'invitation' ? 'resident_invited' : 'resident_password_reset',
            entity: 'user',
            entityId: id,
            locationId: row.location_id,
            ip: request.ip,
          });
        });
        outbox.kick();
        reply.code(202);
        return { detail: MAIL_QUEUED };
      },
    );
  }

  r.post(
    '/residents/:id/erasure/',
    {
      schema: {
        tags,
        security,
        summary: 'Personenbezogene Daten löschen (Beiträge anonymisieren oder löschen)',
        params: idParam,
        body: residentErasure,
        response: { 200: residentErasureResult },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const row = await residentInScope(request, id);
      const { content } = request.body;
      const erased = await inTransaction(db, async (trx) => {
        const result = await repo.eraseResident(trx, id, content);
        // What happened, not to whom: no name, e-mail or apartment number.
        await audit(trx, {
          userId: user.id,
          action: 'resident_erased',
          entity: 'user',
          entityId: id,
          locationId: row.location_id,
          details: { content },
          ip: request.ip,
        });
        return result;
      });
      for (const key of erased.fileKeys) await ctx.storage.remove(key).catch(() => undefined);
      return { id, erased_at: erased.erasedAt };
    },
  );
}

/** The repository's input from the form. */
function inputOf(b: {
  location_id: number;
  name: string;
  apartment_number: string;
  email: string;
  is_receptionist: boolean;
  emergency_services_deactivated: boolean;
}): repo.ResidentInput {
  return {
    locationId: b.location_id,
    name: b.name,
    apartmentNumber: b.apartment_number,
    email: b.email,
    isReceptionist: b.is_receptionist,
    emergencyServicesDeactivated: b.emergency_services_deactivated,
  };
}

/** The recipient of an account mail. */
function recipient(row: repo.ResidentRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    apartmentNumber: row.apartment_number,
    locationId: row.location_id!,
    locationTitle: row.location_title,
  };
}
