import type { FastifyInstance } from 'fastify';
import {
  adminBooking,
  adminBookingsQuery,
  bookingBlockInput,
  bookingCancellation,
  bookingDecision,
  bookingRefusal,
  adminBookingResource,
  bookingResourceFileForm,
  bookingResourceInput,
  bookingUsage,
  bookingUsageQuery,
  idParam,
  listQuery,
  paginated,
  textId,
} from '@hausportal/contract';
import { z } from 'zod';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { readForm } from '../../lib/uploads.js';
import { callerOf, managerLocations } from '../auth/policies.js';
import {
  archiveResource,
  blockPeriod,
  cancelBooking,
  createResource,
  decideBooking,
  managedResource,
  unblockPeriod,
  updateResource,
  usageOf,
} from './bookings.actions.js';
import {
  RESOURCE_FILE_FIELD,
  removeHouseRules,
  removeResourcePhoto,
  replaceHouseRules,
  replaceResourcePhoto,
} from './bookings.files.js';
import { toAdminBooking, toAdminResource } from './bookings.presenter.js';
import * as repo from './bookings.repository.js';
import { addDays, berlinDate, berlinInstant } from './bookings.time.js';

/** A resource's photo or house-rules PDF: only the file, in `file`. */
const resourceFileUpload = { file: { field: RESOURCE_FILE_FIELD, required: true }, fields: bookingResourceFileForm };

/** 'Buchungen' in the back office: resources, the week's bookings, approvals, blocks, usage. */
export async function bookingAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: bookings'], 'parent');
  const { ctx } = app;
  const { db } = ctx;
  const withBlocks = async (x: repo.ResourceRow) => toAdminResource(x, await repo.blocksOf(db, [x.id]), ctx.signer);

  r.get(
    '/booking-resources/',
    {
      schema: {
        summary: 'Ressourcen der eigenen Standorte, nach Namen',
        querystring: listQuery,
        response: { 200: paginated(adminBookingResource) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await repo.pageResources(db, await managerLocations(request), pageWindow(q));
      const blocks = await repo.blocksOf(
        db,
        page.rows.map((x) => x.id),
      );
      return paginate(
        '/api/admin/booking-resources/',
        q,
        page.count,
        page.rows.map((x) => toAdminResource(x, blocks, ctx.signer)),
      );
    },
  );

  r.post(
    '/booking-resources/',
    { schema: { summary: 'Ressource anlegen', body: bookingResourceInput, response: { 201: adminBookingResource } } },
    async (request, reply) => {
      const row = await createResource(ctx, callerOf(request), request.body);
      reply.code(201);
      return withBlocks(row);
    },
  );

  r.get(
    '/booking-resources/:id/',
    { schema: { summary: 'Eine Ressource', params: idParam, response: { 200: adminBookingResource } } },
    async (request) => withBlocks(await managedResource(db, callerOf(request), request.params.id)),
  );

  r.put(
    '/booking-resources/:id/',
    {
      schema: {
        summary: 'Ressource ändern',
        params: idParam,
        body: bookingResourceInput,
        response: { 200: adminBookingResource },
      },
    },
    async (request) => withBlocks(await updateResource(ctx, callerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/booking-resources/:id/',
    {
      schema: {
        summary: 'Ressource archivieren (Buchungen bleiben für die Zahlen)',
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await archiveResource(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const files = [
    {
      path: 'photo',
      what: 'Foto',
      accepts: 'JPEG, PNG oder WebP',
      replace: replaceResourcePhoto,
      remove: removeResourcePhoto,
    },
    { path: 'house-rules', what: 'Hausordnung', accepts: 'PDF', replace: replaceHouseRules, remove: removeHouseRules },
  ] as const;
  for (const f of files) {
    r.put(
      `/booking-resources/:id/${f.path}/`,
      {
        schema: {
          summary: `${f.what} der Ressource hochladen oder ersetzen (multipart: file; ${f.accepts}, höchstens 10 MB)`,
          params: idParam,
          consumes: ['multipart/form-data'],
          multipart: resourceFileUpload,
          response: { 200: adminBookingResource },
        },
      },
      async (request) =>
        withBlocks(
          await f.replace(ctx, callerOf(request), request.params.id, async () => {
            const form = await readForm(request, resourceFileUpload);
            return form.file!;
          }),
        ),
    );
    r.delete(
      `/booking-resources/:id/${f.path}/`,
      {
        schema: {
          summary: `${f.what} der Ressource entfernen`,
          params: idParam,
          response: { 200: adminBookingResource },
        },
      },
      async (request) => withBlocks(await f.remove(ctx, callerOf(request), request.params.id)),
    );
  }

  r.post(
    '/booking-resources/:id/blocks/',
    {
      schema: {
        summary: 'Zeitraum sperren; Buchungen darin werden mit Nachricht storniert',
        params: idParam,
        body: bookingBlockInput,
        response: { 201: adminBookingResource },
      },
    },
    async (request, reply) => {
      const row = await blockPeriod(ctx, callerOf(request), request.params.id, request.body);
      reply.code(201);
      return withBlocks(row);
    },
  );

  r.delete(
    '/booking-resources/:id/blocks/:block_id/',
    {
      schema: {
        summary: 'Sperre aufheben',
        params: z.object({ id: textId, block_id: textId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unblockPeriod(ctx, callerOf(request), request.params.id, request.params.block_id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/bookings/',
    {
      schema: {
        summary:
          'Buchungen der eigenen Standorte (mit Namen), z. B. eine Woche ab `from` oder nur wartende (status=pending)',
        querystring: adminBookingsQuery,
        response: { 200: paginated(adminBooking) },
      },
    },
    async (request) => {
      const q = request.query;
      const from = q.from ?? (q.status === 'pending' ? undefined : berlinDate(Date.now()));
      const window = from
        ? {
            from: new Date(berlinInstant(from, 0)).toISOString(),
            to: new Date(berlinInstant(addDays(from, q.days), 0)).toISOString(),
          }
        : {};
      const page = await repo.adminBookings(
        db,
        await managerLocations(request),
        { ...window, status: q.status, resourceId: q.resource_id },
        pageWindow(q),
      );
      return paginate('/api/admin/bookings/', q, page.count, page.rows.map(toAdminBooking));
    },
  );

  r.get(
    '/bookings/usage/',
    {
      schema: {
        summary: 'Nutzung je Ressource in einem Monat',
        querystring: bookingUsageQuery,
        response: { 200: bookingUsage },
      },
    },
    async (request) => usageOf(ctx, callerOf(request), request.query.month),
  );

  for (const decision of ['approve', 'refuse'] as const) {
    r.post(
      `/bookings/:id/${decision}/`,
      {
        schema: {
          summary: decision === 'approve' ? 'Buchung freigeben' : 'Buchung ablehnen (mit Grund)',
          params: idParam,
          body: decision === 'approve' ? bookingDecision : bookingRefusal,
          response: { 200: adminBooking },
        },
      },
      async (request) =>
        toAdminBooking(
          await decideBooking(
            ctx,
            callerOf(request),
            request.params.id,
            decision === 'approve' ? 'approved' : 'refused',
            request.body.reason,
          ),
        ),
    );
  }

  r.post(
    '/bookings/:id/cancel/',
    {
      schema: {
        summary: 'Buchung stornieren, mit Nachricht an die Bewohnerin oder den Bewohner',
        params: idParam,
        body: bookingCancellation,
        response: { 200: adminBooking },
      },
    },
    async (request) =>
      toAdminBooking(await cancelBooking(ctx, callerOf(request), request.params.id, request.body.message)),
  );
}
