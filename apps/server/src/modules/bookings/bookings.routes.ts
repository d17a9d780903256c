import type { FastifyInstance } from 'fastify';
import { contentLanguage } from '../../lib/translations.js';
import {
  availability,
  availabilityQuery,
  type Availability,
  booking,
  bookingCreate,
  bookingResource,
  calendarFeed,
  idParam,
  myBookingsQuery,
  paginated,
} from '@hausportal/contract';
import { z } from 'zod';
import { pageWindow } from '../../db/paging.js';
import { paginate, singlePage } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import {
  book,
  bookingIcs,
  cancelOwn,
  feedCalendar,
  ownBooking,
  renewFeed,
  residentResource,
} from './bookings.actions.js';
import { availabilityJson } from './bookings.availability.js';
import { toBooking, toResource } from './bookings.presenter.js';
import * as repo from './bookings.repository.js';

const ICS = 'text/calendar; charset=utf-8';

/** Residents book the shared resources of their location (ADR 029). */
export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['bookings'], requireUser);
  const { ctx } = app;
  const { db } = ctx;

  r.get(
    '/api/bookings/resources/',
    { schema: { summary: 'Buchbare Ressourcen des eigenen Standorts', response: { 200: paginated(bookingResource) } } },
    async (request) => {
      const me = currentResident(request);
      const rows = await repo.listResources(db, [me.locationId]);
      const blocks = await repo.blocksOf(
        db,
        rows.map((x) => x.id),
        new Date().toISOString(),
      );
      return singlePage(rows.map((x) => toResource(x, blocks, ctx.signer, contentLanguage(request))));
    },
  );

  r.get(
    '/api/bookings/resources/:id/',
    {
      schema: { summary: 'Eine Ressource des eigenen Standorts', params: idParam, response: { 200: bookingResource } },
    },
    async (request) => {
      const x = await residentResource(db, currentResident(request), request.params.id);
      return toResource(
        x,
        await repo.blocksOf(db, [x.id], new Date().toISOString()),
        ctx.signer,
        contentLanguage(request),
      );
    },
  );

  r.get(
    '/api/bookings/resources/:id/availability/',
    {
      schema: {
        summary: 'Freie, belegte und gesperrte Zeiten (ohne Namen) für einige Tage ab `from` (Europe/Berlin)',
        params: idParam,
        querystring: availabilityQuery,
        response: { 200: availability },
      },
    },
    async (request, reply) => {
      const { from, days } = request.query;
      const json = await availabilityJson(db, currentResident(request), request.params.id, from, days);
      // Already JSON text (bookings.availability.ts writes it from pieces it keeps per slot), which
      // Fastify sends as it is; the schema documents it, and the tests check every reply against it.
      return reply.type('application/json; charset=utf-8').send(json as unknown as Availability);
    },
  );

  r.post(
    '/api/bookings/',
    {
      schema: {
        summary:
          'Buchen: Zeitfenster (starts_at, ends_at) oder ganze Tage (check_in, check_out); 409 bei Überschneidung',
        body: bookingCreate,
        response: { 201: booking },
      },
    },
    async (request, reply) => {
      const created = await book(ctx, currentResident(request), request.body);
      reply.code(201);
      return toBooking(created, contentLanguage(request));
    },
  );

  r.get(
    '/api/bookings/',
    {
      schema: {
        summary: "'Meine Buchungen': kommende (past=false) oder vergangene",
        querystring: myBookingsQuery,
        response: { 200: paginated(booking) },
      },
    },
    async (request) => {
      const me = currentResident(request);
      const { count, rows } = await repo.userBookings(
        db,
        me.id,
        request.query.past === 'true',
        pageWindow(request.query),
      );
      return paginate(
        '/api/bookings/',
        request.query,
        count,
        rows.map((b) => toBooking(b, contentLanguage(request))),
      );
    },
  );

  r.get(
    '/api/bookings/feed/',
    {
      schema: {
        summary: 'Ob ein Kalender-Abo besteht (die Adresse selbst gibt es nur beim Erzeugen)',
        response: { 200: calendarFeed },
      },
    },
    async (request) => {
      const feed = await repo.findFeed(db, currentResident(request).id);
      return { active: Boolean(feed), url: null, created_at: feed?.created_at ?? null };
    },
  );

  r.post(
    '/api/bookings/feed/',
    {
      schema: {
        summary: 'Geheime Kalender-Abo-Adresse (neu) erzeugen; die alte hört auf zu gelten',
        response: { 201: calendarFeed },
      },
    },
    async (request, reply) => {
      const feed = await renewFeed(ctx, currentResident(request));
      reply.code(201);
      return { active: true, url: feed.url, created_at: feed.created_at };
    },
  );

  r.delete(
    '/api/bookings/feed/',
    { schema: { summary: 'Kalender-Abo widerrufen', response: { 204: z.null() } } },
    async (request, reply) => {
      await repo.deleteFeed(db, currentResident(request).id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/bookings/mine/:id/',
    { schema: { summary: 'Eine eigene Buchung', params: idParam, response: { 200: booking } } },
    async (request) =>
      toBooking(await ownBooking(db, currentResident(request), request.params.id), contentLanguage(request)),
  );

  r.post(
    '/api/bookings/mine/:id/cancel/',
    {
      schema: {
        summary: 'Eigene Buchung stornieren (bis zur Stornofrist, danach 409)',
        params: idParam,
        response: { 200: booking },
      },
    },
    async (request) =>
      toBooking(await cancelOwn(ctx, currentResident(request), request.params.id), contentLanguage(request)),
  );

  r.get(
    '/api/bookings/mine/:id/calendar.ics',
    { schema: { summary: 'Eine eigene Buchung als iCalendar-Datei (.ics)', params: idParam } },
    async (request, reply) => {
      const body = await bookingIcs(ctx, currentResident(request), request.params.id);
      return reply
        .type(ICS)
        .header('Content-Disposition', `attachment; filename="Buchung-${request.params.id}.ics"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
}

/**
 * The secret calendar feed (anonymous: calendar apps send no token). The token in the address is
 * the credential; only its hash is stored, and 'Neu erzeugen' or revoking ends the old address.
 */
export async function bookingFeedRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['bookings'], 'none');
  r.get(
    '/api/bookings/calendar/:token',
    {
      schema: {
        summary: 'Kalender-Abo (iCalendar) der eigenen Buchungen über die geheime Adresse',
        params: z.object({ token: z.string().max(220) }),
      },
    },
    async (request, reply) => {
      const body = await feedCalendar(app.ctx, request.params.token.replace(/\.ics$/, ''));
      return reply.type(ICS).header('Cache-Control', 'private, no-store').send(body);
    },
  );
}
