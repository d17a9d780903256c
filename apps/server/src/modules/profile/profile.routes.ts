import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGES, profileExport, profile as profileSchema } from '@hausportal/contract';
import { fieldError } from '../../lib/errors.js';
import { checkUpload, formParts, readUpload, thumbnail } from '../../lib/uploads.js';
import { audit } from '../../lib/audit.js';
import { currentUser, requireUser } from '../auth/policies.js';
import { toProfile } from './profile.presenter.js';
import { collectUserData, findProfile, updateProfile } from './profile.repository.js';
import { toExport } from './profile.export.js';

const tags = ['profile'];
const security = [{ token: [] }];

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, signer, storage, writes, config } = app.ctx;
  const load = async (userId: number) => toProfile(await findProfile(db, userId), signer);

  r.get(
    '/api/profile/',
    { schema: { tags, security, summary: 'Eigenes Profil', response: { 200: profileSchema } } },
    (request) => load(currentUser(request).id),
  );

  r.get(
    '/api/profile/export/',
    {
      schema: {
        tags,
        security,
        summary: 'Meine Daten (DSGVO Art. 15/20): alles, was über mich gespeichert ist, als JSON-Datei',
        response: { 200: profileExport },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await writes.take('dataExport', user.id);
      const data = toExport(await collectUserData(db, user.id), signer, config.appName);
      await audit(db, { userId: user.id, action: 'data_exported', entity: 'user', entityId: user.id, ip: request.ip });
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
        tags,
        security,
        summary: 'Profil ändern (multipart: profile_picture als Datei, language als Feld; oder JSON mit language)',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const patch: { language?: string; profile_picture?: string } = {};
      const setLanguage = (value: unknown) => {
        if (typeof value !== 'string' || !(LANGUAGES as readonly string[]).includes(value)) {
          throw fieldError('language', `Ungültige Sprache. Erlaubt: ${LANGUAGES.join(', ')}.`);
        }
        patch.language = value;
      };
      if (request.isMultipart()) {
        let picture: Buffer | null = null;
        for await (const part of formParts(request)) {
          if (part.type === 'file') {
            if (part.fieldname !== 'profile_picture') {
              await part.toBuffer().catch(() => undefined);
              throw fieldError(part.fieldname, 'Unbekanntes Dateifeld.');
            }
            await writes.take('profilePicture', user.id);
            const data = await readUpload(part, 'profile_picture');
            // The thumbnail is made from the checked (re-encoded, at most 2048 px) image, not the upload.
            const checked = await checkUpload(data, part.filename, 'profile_picture', ['image']);
            picture = await thumbnail(checked.data, 512);
          } else if (part.fieldname === 'language') {
            setLanguage(part.value);
          }
        }
        if (picture) patch.profile_picture = await storage.put('avatars', 'webp', picture);
      } else {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body !== 'object' || Array.isArray(body)) throw fieldError('non_field_errors', 'Ungültige Daten.');
        if (body.language !== undefined) setLanguage(body.language);
      }
      const before = patch.profile_picture ? await findProfile(db, user.id) : null;
      await updateProfile(db, user.id, patch);
      if (before?.profile_picture) await storage.remove(before.profile_picture);
      await audit(db, {
        userId: user.id,
        action: 'profile_updated',
        entity: 'user',
        entityId: user.id,
        details: Object.keys(patch),
      });
      return load(user.id);
    },
  );
}
