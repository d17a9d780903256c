import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ERRORS,
  RESET_TOKEN_TTL_MS,
  changePasswordRequest,
  loginRequest,
  loginResponse,
  passwordResetConfirm,
  passwordResetRequest,
  statusResponse,
  tenantQuery,
  tenantResponse,
} from '@hausportal/contract';
import { z } from 'zod';
import { ApiError, fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { isoFromMs } from '../../lib/time.js';
import { audit } from '../../lib/audit.js';
import * as repo from './auth.repository.js';
import { currentUser, requireUser } from './auth.hooks.js';

const tags = ['auth'];
const security = [{ token: [] }];

/** `anna@example.org` becomes `a•••@example.org`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '•••' : '';
  return `${email[0]}•••${email.slice(at)}`;
}

const limitKeys = (request: FastifyRequest, apartment?: string) => {
  const keys = [`ip:${request.ip}`];
  if (apartment) keys.push(`apt:${apartment.trim().toLowerCase().slice(0, 150)}`);
  return keys;
};

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, outbox, limiter } = app.ctx;

  r.post(
    '/api/login/',
    {
      schema: {
        tags,
        summary: 'Anmelden mit Wohnungsnummer und Passwort',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) => {
      const { apartment_number, password } = request.body;
      await limiter.consume(limitKeys(request, apartment_number));
      const user = await repo.findUserByLogin(db, apartment_number);
      if (!user) {
        // Spend the same time as a real check, though the answer differs as SPEC §8 requires.
        await verifyPassword(undefined, password);
        throw nonFieldError(API_ERRORS.unknownApartment);
      }
      const ok = await verifyPassword(user.password_hash, password);
      if (!ok || !user.is_active) throw nonFieldError(API_ERRORS.invalidCredentials);
      const token = newToken();
      await repo.createToken(db, user.id, hashToken(token));
      await audit(db, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip: request.ip });
      return { token };
    },
  );

  r.get(
    '/api/logout/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Abmelden (widerruft das Token)',
        response: { 200: z.object({ detail: z.string() }) },
      },
    },
    async (request) => {
      await repo.deleteToken(db, currentUser(request).tokenId);
      return { detail: 'Sie wurden abgemeldet.' };
    },
  );

  r.get(
    '/api/tenant/',
    {
      schema: {
        tags,
        summary: 'Maskierte E-Mail-Adresse zu einer Wohnungsnummer',
        querystring: tenantQuery,
        response: { 200: tenantResponse },
      },
    },
    async (request) => {
      const { apartment_number } = request.query;
      await limiter.consume(limitKeys(request, apartment_number));
      const user = await repo.findUserByLogin(db, apartment_number);
      if (!user || user.role === 'manager' || !user.is_active) throw notFound();
      return { email: maskEmail(user.email) };
    },
  );

  r.post(
    '/api/password_reset/',
    {
      schema: {
        tags,
        summary: 'Link zum Zurücksetzen des Passworts anfordern',
        body: passwordResetRequest,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const { email, apartment_number } = request.body;
      await limiter.consume(limitKeys(request, apartment_number || email));
      // The client only knows the masked address, so the apartment number decides when given.
      const user = apartment_number?.trim()
        ? await repo.findUserByLogin(db, apartment_number)
        : await repo.findUserByEmail(db, email ?? '');
      // Always the same answer, so the endpoint does not tell which accounts exist.
      if (!user || !user.email || !user.is_active) return { status: 'OK' };
      const token = newToken();
      await repo.createResetToken(db, user.id, hashToken(token), isoFromMs(Date.now() + RESET_TOKEN_TTL_MS));
      const link = `${config.publicUrl}/forgot-password/${token}`;
      await outbox.enqueue(
        {
          to: user.email,
          subject: `Neues Passwort für ${config.appName}`,
          text: [
            `Guten Tag ${user.name},`,
            '',
            `Sie haben für Ihr Konto bei ${config.appName} ein neues Passwort angefordert.`,
            'Über diesen Link legen Sie es innerhalb der nächsten 60 Minuten fest:',
            '',
            link,
            '',
            'Der Link funktioniert nur einmal. Wenn Sie kein neues Passwort angefordert haben,',
            'können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
            '',
            `Ihr ${config.appName}-Team`,
          ].join('\n'),
        },
        `Link zum Zurücksetzen des Passworts für ${user.login}: ${link}`,
      );
      await audit(db, {
        userId: user.id,
        action: 'password_reset_requested',
        entity: 'user',
        entityId: user.id,
        ip: request.ip,
      });
      return { status: 'OK' };
    },
  );

  r.post(
    '/api/password_reset/confirm/',
    {
      schema: {
        tags,
        summary: 'Neues Passwort mit dem Token aus der E-Mail setzen',
        body: passwordResetConfirm,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const { token, password, repeat_password } = request.body;
      await limiter.consume(limitKeys(request));
      const tokenHash = hashToken(token);
      if (!(await repo.resetTokenIsValid(db, tokenHash)))
        throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
      if (password !== repeat_password) throw nonFieldError(API_ERRORS.passwordsDoNotMatch);
      const passwordHash = await hashPassword(password);
      const userId = await repo.consumeResetToken(db, tokenHash);
      if (userId === null) throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
      await repo.setPasswordHash(db, userId, passwordHash);
      // A reset means the old password may be known to someone else: end every session.
      await repo.deleteUserTokens(db, userId);
      await audit(db, { userId, action: 'password_reset', entity: 'user', entityId: userId, ip: request.ip });
      return { status: 'OK' };
    },
  );

  r.put(
    '/api/profile/changepassword/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Passwort ändern',
        body: changePasswordRequest,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { old_password, new_password, repeat_password } = request.body;
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash, old_password)))
        throw fieldError('old_password', API_ERRORS.wrongPassword);
      if (new_password !== repeat_password) throw nonFieldError(API_ERRORS.passwordsDoNotMatch);
      await repo.setPasswordHash(db, user.id, await hashPassword(new_password));
      await repo.deleteUserTokens(db, user.id, user.tokenId);
      await audit(db, {
        userId: user.id,
        action: 'password_changed',
        entity: 'user',
        entityId: user.id,
        ip: request.ip,
      });
      return { status: 'OK' };
    },
  );
}
