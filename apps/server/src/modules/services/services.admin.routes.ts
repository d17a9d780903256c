import { paginate } from '../../lib/pagination.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProvider,
  adminProviderInput,
  adminProvidersQuery,
  adminService,
  adminServiceInput,
  adminServicesQuery,
  idParam,
  paginated,
  type AdminProviderInput,
} from '@hausportal/contract';
import { inTransaction } from '../../db/database.js';
import { pageWindow } from '../../db/paging.js';
import { audit } from '../../lib/audit.js';
import { ApiError, fieldError, notFound } from '../../lib/errors.js';
import { currentUser, findInScope, requireLocation, listScope } from '../auth/policies.js';
import { isSystemService, toAdminProvider, toAdminService } from './services.presenter.js';
import * as repo from './services.repository.js';

const tags = ['admin: content'];
const security = [{ token: [] }];
const deleted = { 204: z.null().describe('Gelöscht') };

const ONLY_ADMIN_GLOBAL = 'Dienste für alle Standorte kann nur die Administration anlegen oder ändern.';
const NOT_AT_LOCATION = 'Dieser Dienst ist an diesem Standort nicht verfügbar.';

/** Services and their providers in the back office, inside /api/admin and its manager guard. */
export async function serviceAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const isAdmin = (request: FastifyRequest) => currentUser(request).role === 'admin';

  /**
   * A service the caller may change: one of their locations', or a global one for an admin.
   * A manager gets 404 for global services here, though the lists show them.
   */
  const writableService = async (request: FastifyRequest, id: number) => {
    const row = await repo.findAdminService(db, id);
    if (!row) throw notFound();
    if (row.location_id === null) {
      if (!isAdmin(request)) throw notFound();
    } else {
      await requireLocation(request, row.location_id);
    }
    return row;
  };

  /** Where a service may be written to: a global one only by an admin, a location only the caller's. */
  const requireServiceTarget = async (request: FastifyRequest, locationId: number | null) => {
    if (locationId === null) {
      if (!isAdmin(request)) throw fieldError('location_id', ONLY_ADMIN_GLOBAL);
    } else {
      await requireLocation(request, locationId);
    }
  };

  const writeService = (
    request: FastifyRequest,
    action: string,
    id: number,
    before: repo.AdminServiceRow | null,
    write: (trx: typeof db) => Promise<number | void>,
  ) =>
    inTransaction(db, async (trx) => {
      const serviceId = (await write(trx)) ?? id;
      const after = await repo.findAdminService(trx, serviceId);
      await audit(trx, {
        userId: currentUser(request).id,
        action,
        entity: 'service',
        entityId: serviceId,
        locationId: after?.location_id ?? before?.location_id ?? null,
        before: before && toAdminService(before),
        after: after && toAdminService(after),
        ip: request.ip,
      });
      return after;
    });

  r.get(
    '/services/',
    {
      schema: {
        tags,
        security,
        summary: 'Dienste: die für alle Standorte und die der eigenen (oder des gewählten) Standorte',
        querystring: adminServicesQuery,
        response: { 200: paginated(adminService) },
      },
    },
    async (request) => {
      const { location_id } = request.query;
      const page = await repo.listAdminServices(db, await listScope(request, location_id), pageWindow(request.query));
      return paginate('/api/admin/services/', request.query, page.count, page.rows.map(toAdminService));
    },
  );

  r.get(
    '/services/:id/',
    { schema: { tags, security, summary: 'Ein Dienst', params: idParam, response: { 200: adminService } } },
    async (request) => {
      const row = await repo.findAdminService(db, request.params.id);
      if (!row) throw notFound();
      if (row.location_id !== null) await requireLocation(request, row.location_id);
      return toAdminService(row);
    },
  );

  r.post(
    '/services/',
    {
      schema: {
        tags,
        security,
        summary: 'Dienst anlegen (location_id null: für alle Standorte, nur Administration)',
        body: adminServiceInput,
        response: { 201: adminService },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await requireServiceTarget(request, b.location_id);
      const row = await writeService(request, 'service_created', 0, null, (trx) =>
        repo.createService(trx, {
          locationId: b.location_id,
          title: b.title,
          icon: b.icon,
          contactText: b.contact_text,
          sortOrder: b.sort_order,
        }),
      );
      reply.code(201);
      return toAdminService(row!);
    },
  );

  r.put(
    '/services/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Dienst ändern (auch die Systemdienste 1 und 3)',
        params: idParam,
        body: adminServiceInput,
        response: { 200: adminService },
      },
    },
    async (request) => {
      const before = await writableService(request, request.params.id);
      const b = request.body;
      // The home tiles and the reception page of every location point at the system services.
      if (isSystemService(before) && b.location_id !== null)
        throw fieldError('location_id', 'Systemdienste gelten für alle Standorte.');
      if (b.location_id !== before.location_id) {
        await requireServiceTarget(request, b.location_id);
        if (await repo.serviceUsedOutside(db, before.id, b.location_id)) {
          throw fieldError(
            'location_id',
            'Der Dienst wird an einem anderen Standort noch verwendet (Anbieter oder Standarddienst des Notrufs).',
          );
        }
      }
      const after = await writeService(request, 'service_updated', before.id, before, (trx) =>
        repo.updateService(trx, before.id, {
          locationId: b.location_id,
          title: b.title,
          icon: b.icon,
          contactText: b.contact_text,
          sortOrder: b.sort_order,
        }),
      );
      return toAdminService(after!);
    },
  );

  r.delete(
    '/services/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Dienst löschen, mit seinen Anbietern (nicht die Systemdienste 1 und 3)',
        params: idParam,
        response: deleted,
      },
    },
    async (request, reply) => {
      const before = await writableService(request, request.params.id);
      if (isSystemService(before)) throw new ApiError(400, { detail: 'Systemdienste können nicht gelöscht werden.' });
      if (await repo.isDefaultService(db, before.id)) {
        throw new ApiError(400, {
          detail:
            'Dieser Dienst ist der Standarddienst des Notrufs eines Standorts. Bitte wählen Sie dort zuerst einen anderen.',
        });
      }
      await writeService(request, 'service_deleted', before.id, before, (trx) => repo.deleteService(trx, before.id));
      return reply.code(204).send(null);
    },
  );

  // ---- providers ----

  /** The provider, if it belongs to one of the caller's locations; else 404. */
  const providerInScope = (request: FastifyRequest, id: number) =>
    findInScope(request, () => repo.findAdminProvider(db, id));

  /** The location must be the caller's and the service one its residents see. */
  const checkProviderTarget = async (request: FastifyRequest, b: AdminProviderInput) => {
    await requireLocation(request, b.location_id);
    if (!(await repo.findService(db, b.location_id, b.service_id))) throw fieldError('service_id', NOT_AT_LOCATION);
  };

  const providerInput = (b: AdminProviderInput): repo.ProviderInput => ({
    serviceId: b.service_id,
    locationId: b.location_id,
    name: b.name,
    phone: b.phone,
    hidePhone: b.hide_phone,
    text: b.text,
    contact: b.contact,
    hours: b.hours,
    email: b.email,
    website: b.website,
    allowFormContact: b.allow_form_contact,
    placeholder: b.placeholder,
  });

  const writeProvider = (
    request: FastifyRequest,
    action: string,
    before: repo.AdminProviderRow | null,
    write: (trx: typeof db) => Promise<number | void>,
  ) =>
    inTransaction(db, async (trx) => {
      const id = (await write(trx)) ?? before!.id;
      const after = await repo.findAdminProvider(trx, id);
      await audit(trx, {
        userId: currentUser(request).id,
        action,
        entity: 'provider',
        entityId: id,
        locationId: after?.location_id ?? before?.location_id,
        before: before && toAdminProvider(before),
        after: after && toAdminProvider(after),
        ip: request.ip,
      });
      return after;
    });

  r.get(
    '/providers/',
    {
      schema: {
        tags,
        security,
        summary: 'Anbieter der eigenen Standorte (Filter: service_id, location_id)',
        querystring: adminProvidersQuery,
        response: { 200: paginated(adminProvider) },
      },
    },
    async (request) => {
      const { location_id, service_id } = request.query;
      const page = await repo.listAdminProviders(
        db,
        { locationIds: await listScope(request, location_id), serviceId: service_id },
        pageWindow(request.query),
      );
      return paginate('/api/admin/providers/', request.query, page.count, page.rows.map(toAdminProvider));
    },
  );

  r.get(
    '/providers/:id/',
    { schema: { tags, security, summary: 'Ein Anbieter', params: idParam, response: { 200: adminProvider } } },
    async (request) => toAdminProvider(await providerInScope(request, request.params.id)),
  );

  r.post(
    '/providers/',
    {
      schema: {
        tags,
        security,
        summary: 'Anbieter eines Dienstes an einem Standort anlegen',
        body: adminProviderInput,
        response: { 201: adminProvider },
      },
    },
    async (request, reply) => {
      await checkProviderTarget(request, request.body);
      const row = await writeProvider(request, 'provider_created', null, (trx) =>
        repo.createProvider(trx, providerInput(request.body)),
      );
      reply.code(201);
      return toAdminProvider(row!);
    },
  );

  r.put(
    '/providers/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Anbieter ändern',
        params: idParam,
        body: adminProviderInput,
        response: { 200: adminProvider },
      },
    },
    async (request) => {
      const before = await providerInScope(request, request.params.id);
      await checkProviderTarget(request, request.body);
      const after = await writeProvider(request, 'provider_updated', before, (trx) =>
        repo.updateProvider(trx, before.id, providerInput(request.body)),
      );
      return toAdminProvider(after!);
    },
  );

  r.delete(
    '/providers/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Anbieter löschen (mit den Anfragen an ihn)',
        params: idParam,
        response: deleted,
      },
    },
    async (request, reply) => {
      const before = await providerInScope(request, request.params.id);
      await writeProvider(request, 'provider_deleted', before, (trx) => repo.deleteProvider(trx, before.id));
      return reply.code(204).send(null);
    },
  );
}
