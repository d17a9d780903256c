import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  craftsmanAppointment,
  craftsmanDecline,
  craftsmanDone,
  craftsmanJob,
  craftsmanNote,
} from '@hausportal/contract';
import { moduleRoutes } from '../../lib/routes.js';
import { photoOf, photoUpload } from './tickets.routes.js';
import {
  acceptJob,
  addJobNote,
  addJobPhoto,
  declineJob,
  finishJob,
  readJob,
  setAppointment,
} from './tickets.craftsman.actions.js';

const tokenParam = z.object({ token: z.string().max(200) });

/**
 * The craftsman's page without an account: the signed link is the permission, so these
 * routes are anonymous (test/anonymous-routes.test.ts lists them) and nothing else reaches a ticket.
 */
export async function craftsmanRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['craftsman'], 'none');
  const { ctx } = app;
  // The URL holds the secret: no cache keeps it, and no Referer carries it to a photo's host.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  r.get(
    '/api/auftrag/:token/',
    { schema: { summary: 'Der Auftrag hinter dem Link', params: tokenParam, response: { 200: craftsmanJob } } },
    async (request) => readJob(ctx, request.params.token),
  );

  r.post(
    '/api/auftrag/:token/accept/',
    { schema: { summary: 'Auftrag annehmen', params: tokenParam, response: { 200: craftsmanJob } } },
    async (request) => acceptJob(ctx, request.params.token),
  );

  r.post(
    '/api/auftrag/:token/decline/',
    {
      schema: {
        summary: 'Auftrag ablehnen (der Link gilt danach nicht mehr)',
        params: tokenParam,
        body: craftsmanDecline,
        response: { 200: craftsmanJob },
      },
    },
    async (request) => declineJob(ctx, request.params.token, request.body.reason),
  );

  r.post(
    '/api/auftrag/:token/appointment/',
    {
      schema: {
        summary: 'Termin vereinbaren (Datum und Uhrzeit in Deutschland)',
        params: tokenParam,
        body: craftsmanAppointment,
        response: { 200: craftsmanJob },
      },
    },
    async (request) => setAppointment(ctx, request.params.token, request.body.at),
  );

  r.post(
    '/api/auftrag/:token/notes/',
    {
      schema: {
        summary: 'Notiz für die Hausverwaltung',
        params: tokenParam,
        body: craftsmanNote,
        response: { 201: craftsmanJob },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addJobNote(ctx, request.params.token, request.body.text);
    },
  );

  r.post(
    '/api/auftrag/:token/photos/',
    {
      schema: {
        summary: 'Foto hinzufügen (multipart: photo)',
        params: tokenParam,
        consumes: ['multipart/form-data'],
        multipart: photoUpload,
        response: { 201: craftsmanJob },
      },
    },
    async (request, reply) => {
      const job = await addJobPhoto(ctx, request.params.token, photoOf(request));
      reply.code(201);
      return job;
    },
  );

  r.post(
    '/api/auftrag/:token/done/',
    {
      schema: {
        summary: 'Auftrag als erledigt melden',
        params: tokenParam,
        body: craftsmanDone,
        response: { 200: craftsmanJob },
      },
    },
    async (request) => finishJob(ctx, request.params.token, request.body.text, request.body.early),
  );
}
