import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePasswordRequest,
  idParam,
  listQuery,
  paginated,
  profileExport,
  session,
  sessionsSignedOut,
  profileForm,
  profile as profileSchema,
  statusResponse,
} from '@hausportal/contract';
import { fieldError } from '../../lib/errors.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { parseFields, readForm } from '../../lib/uploads.js';
import { callerOf, currentUser, requireUser } from '../auth/policies.js';
import {
  changePassword,
  exportData,
  listSessions,
  signOutOtherSessions,
  signOutSession,
  updateProfile,
} from './profile.actions.js';
import { toProfile } from './profile.presenter.js';
import { findProfile } from './profile.repository.js';

/** A new profile picture in `profile_picture` (optional) and the language beside it. */
const pictureUpload = { file: { field: 'profile_picture', required: false }, fields: profileForm };

/** The signed-in user's own profile, password and data export. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['profile'], requireUser);
  const { ctx } = app;
  const { db, signer, writes } = ctx;
  const load = async (userId: number) => toProfile(await findProfile(db, userId), signer);

  r.get('/api/profile/', { schema: { summary: 'Eigenes Profil', response: { 200: profileSchema } } }, (request) =>
    load(currentUser(request).id),
  );

  r.get(
    '/api/profile/export/',
    {
      schema: {
        summary: 'Meine Daten (DSGVO Art. 15/20): alles, was über mich gespeichert ist, als JSON-Datei',
        response: { 200: profileExport },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      const data = await exportData(ctx, user);
      const name = (user.apartmentNumber || `konto-${user.id}`).replace(/[^A-Za-z0-9_-]/g, '_');
      return reply
        .header('Content-Disposition', `attachment; filename="meine-daten-${name}.json"`)
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .serializer((payload) => JSON.stringify(payload, null, 2))
        .send(data);
    },
  );

  r.put(
    '/api/profile/',
    {
      schema: {
        summary: 'Profil ändern (multipart: profile_picture als Datei, language als Feld; oder JSON mit language)',
        consumes: ['multipart/form-data', 'application/json'],
        multipart: pictureUpload,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.isMultipart()) {
        const form = await readForm(request, {
          ...pictureUpload,
          file: { ...pictureUpload.file, beforeRead: () => writes.take('profilePicture', user.id) },
        });
        await updateProfile(ctx, user, { ...form.fields, picture: form.file });
      } else {
        const body = request.body ?? {};
        if (typeof body !== 'object' || Array.isArray(body)) throw fieldError('non_field_errors', 'Ungültige Daten.');
        await updateProfile(ctx, user, parseFields(profileForm, body));
      }
      return load(user.id);
    },
  );

  r.put(
    '/api/profile/changepassword/',
    {
      schema: {
        summary: 'Passwort ändern',
        body: changePasswordRequest,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const { old_password, new_password, repeat_password } = request.body;
      await changePassword(ctx, callerOf(request), {
        oldPassword: old_password,
        newPassword: new_password,
        repeatPassword: repeat_password,
      });
      return { status: 'OK' };
    },
  );

  // Signed-in devices (ADR 024), for residents and staff alike.
  r.get(
    '/api/profile/sessions/',
    {
      schema: {
        summary: 'Angemeldete Geräte: die eigenen Sitzungen, das fragende Gerät markiert',
        querystring: listQuery,
        response: { 200: paginated(session) },
      },
    },
    async (request) => {
      const all = await listSessions(ctx, currentUser(request));
      const { page, page_size } = request.query;
      const results = all.slice((page - 1) * page_size, page * page_size);
      return paginate('/api/profile/sessions/', request.query, all.length, results);
    },
  );

  r.post(
    '/api/profile/sessions/sign-out-others/',
    {
      schema: {
        summary: 'Alle anderen Geräte abmelden',
        response: { 200: sessionsSignedOut },
      },
    },
    (request) => signOutOtherSessions(ctx, callerOf(request)),
  );

  r.delete(
    '/api/profile/sessions/:id/',
    {
      schema: {
        summary: 'Ein Gerät abmelden',
        params: idParam,
        response: { 200: z.object({ detail: z.string() }) },
      },
    },
    (request) => signOutSession(ctx, callerOf(request), request.params.id),
  );
}
