import type { FastifyInstance } from 'fastify';
import {
  changePasswordRequest,
  profileExport,
  profileForm,
  profile as profileSchema,
  statusResponse,
} from '@hausportal/contract';
import { fieldError } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/routes.js';
import { parseFields, readForm } from '../../lib/uploads.js';
import { callerOf, currentUser, requireUser } from '../auth/policies.js';
import { changePassword, exportData, updateProfile } from './profile.actions.js';
import { toProfile } from './profile.presenter.js';
import { findProfile } from './profile.repository.js';

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
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.isMultipart()) {
        const form = await readForm(request, {
          file: { field: 'profile_picture', required: false, beforeRead: () => writes.take('profilePicture', user.id) },
          fields: profileForm,
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
}
