import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_ERRORS,
  RESET_TOKEN_TTL_MS,
  changePasswordRequest,
  loginRequest,
  loginResponse,
  passwordResetConfirm,
  passwordResetRequest,
  STAFF_ACCOUNT_CODE,
  STAFF_ACCOUNT_DETAIL,
  STAFF_LOGIN_FAILED,
  isStaff,
  staffLoginRequest,
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
import { renderMail } from '../../outbox/mail-layout.js';
import * as repo from './auth.repository.js';
import { currentUser, requireUser } from './policies.js';
import { accountKey } from './sign-in-throttle.js';

const tags = ['auth'];
const staffAccountError = z.object({ detail: z.string(), code: z.literal(STAFF_ACCOUNT_CODE) });
const security = [{ token: [] }];

/** `anna@example.org` becomes `a•••@example.org`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '•••' : '';
  return `${email[0]}•••${email.slice(at)}`;
}

// The device cookie (ADR 008): a browser that signed in to an account before keeps signing in
// while strangers guess at that account. One cookie per account, so a shared tablet keeps both.
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const deviceCookieName = (account: string) =>
  `hp_device_${createHash('sha256').update(account).digest('hex').slice(0, 12)}`;

/** The device id from a valid, signed device cookie of this account, or null. */
function trustedDevice(request: FastifyRequest, account: string): string | null {
  const raw = request.cookies[deviceCookieName(account)];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : null;
}

const LOGIN_PATH = '/api/login/';
const STAFF_LOGIN_PATH = '/api/staff/login/';

function rememberDevice(
  reply: FastifyReply,
  account: string,
  device: string | null,
  secure: boolean,
  path: string,
): void {
  reply.setCookie(deviceCookieName(account), device ?? randomBytes(16).toString('base64url'), {
    signed: true,
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, outbox, signIn } = app.ctx;
  const secureCookies = config.publicUrl.startsWith('https:');

  r.post(
    LOGIN_PATH,
    {
      schema: {
        tags,
        summary: 'Anmelden mit Wohnungsnummer und Passwort',
        body: loginRequest,
        response: { 200: loginResponse, 403: staffAccountError },
      },
    },
    async (request, reply) => {
      const { apartment_number, password } = request.body;
      const account = accountKey(apartment_number);
      const device = trustedDevice(request, account);
      const attempt = await signIn.login(request.ip, account, device);
      const user = await repo.findUserByLogin(db, apartment_number);
      if (!user) {
        // Spend the same time as a real check, though the answer differs as product §6.2 requires.
        await verifyPassword(undefined, password);
        await attempt.failed();
        throw nonFieldError(API_ERRORS.unknownApartment);
      }
      const ok = await verifyPassword(repo.usableHash(user.password_hash), password);
      if (!ok || !user.is_active) {
        await attempt.failed();
        throw nonFieldError(API_ERRORS.invalidCredentials);
      }
      await attempt.succeeded();
      // Staff use the back office: no token, so a staff session never reaches the resident app.
      if (isStaff(user.role)) throw new ApiError(403, { detail: STAFF_ACCOUNT_DETAIL, code: STAFF_ACCOUNT_CODE });
      rememberDevice(reply, account, device, secureCookies, LOGIN_PATH);
      const token = newToken();
      await repo.createToken(db, user.id, hashToken(token));
      await audit(db, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip: request.ip });
      return { token };
    },
  );

  r.post(
    STAFF_LOGIN_PATH,
    {
      schema: {
        tags,
        summary: 'Anmelden im Verwaltungsbereich mit E-Mail-Adresse und Passwort',
        body: staffLoginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = accountKey(email);
      const device = trustedDevice(request, account);
      const attempt = await signIn.login(request.ip, account, device);
      const found = await repo.findUserByLogin(db, email);
      const user = found && isStaff(found.role) ? found : undefined;
      // One verify on every path, and one answer for an unknown, a resident's or a wrong login,
      // so the endpoint tells nobody which staff accounts exist.
      const ok = await verifyPassword(user && repo.usableHash(user.password_hash), password);
      if (!user || !ok || !user.is_active) {
        await attempt.failed();
        throw nonFieldError(STAFF_LOGIN_FAILED);
      }
      await attempt.succeeded();
      rememberDevice(reply, account, device, secureCookies, STAFF_LOGIN_PATH);
      const token = newToken();
      await repo.createToken(db, user.id, hashToken(token));
      await audit(db, {
        userId: user.id,
        action: 'login',
        entity: 'user',
        entityId: user.id,
        details: { area: 'admin' },
        ip: request.ip,
      });
      return { token };
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
      const attempt = await signIn.tenant(request.ip, accountKey(apartment_number));
      const user = await repo.findUserByLogin(db, apartment_number);
      if (!user || isStaff(user.role) || !user.is_active) {
        await attempt.failed();
        throw notFound();
      }
      await attempt.succeeded();
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
      await signIn.resetRequest(request.ip);
      // The client only knows the masked address, so the apartment number decides when given.
      const user = apartment_number?.trim()
        ? await repo.findUserByLogin(db, apartment_number)
        : await repo.findUserByEmail(db, email ?? '');
      // Always the same answer, so the endpoint does not tell which accounts exist.
      if (!user || !user.email || !user.is_active) return { status: 'OK' };
      await signIn.resetMail(user.login);
      const token = newToken();
      // The newest link is the only one that works: older mails may sit in a shared inbox.
      await repo.replaceResetTokens(db, user.id, hashToken(token), isoFromMs(Date.now() + RESET_TOKEN_TTL_MS));
      const link = `${config.publicUrl}/forgot-password/${token}`;
      await outbox.enqueue(
        {
          to: user.email,
          subject: `Neues Passwort für ${config.appName}`,
          ...renderMail({
            appName: config.appName,
            greeting: `Guten Tag ${user.name},`,
            paragraphs: [
              `Sie haben für Ihr Konto bei ${config.appName} ein neues Passwort angefordert.`,
              'Über diesen Link legen Sie es innerhalb der nächsten 60 Minuten fest.',
            ],
            action: { label: 'Neues Passwort festlegen', url: link },
            after: [
              'Der Link funktioniert nur einmal. Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
            ],
          }),
        },
        {
          secret: true,
          kind: 'reset',
          locationId: user.location_id,
          devLog: `Link zum Zurücksetzen des Passworts für ${user.login}: ${link}`,
        },
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
      const attempt = await signIn.resetConfirm(request.ip);
      const tokenHash = hashToken(token);
      if (!(await repo.resetTokenIsValid(db, tokenHash))) {
        await attempt.failed();
        throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
      }
      await attempt.succeeded();
      if (password !== repeat_password) throw nonFieldError(API_ERRORS.passwordsDoNotMatch);
      const passwordHash = await hashPassword(password);
      const claimed = await repo.consumeResetToken(db, tokenHash);
      if (claimed === null) throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
      const userId = claimed.userId;
      await repo.setPasswordHash(db, userId, passwordHash);
      // A reset means the old password may be known to someone else: end every session. Guessing
      // at the old password no longer matters either, so the account is no longer slowed down.
      await repo.deleteUserTokens(db, userId);
      await signIn.forgetAccount(claimed.login);
      await audit(db, { userId, action: 'password_reset', entity: 'user', entityId: userId, ip: request.ip });
      return { status: 'OK' };
    },
  );

  // Signing out and changing the password need a session; the routes above are the anonymous ones.
  await app.register(async (session) => {
    session.addHook('onRequest', requireUser);
    const r = session.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/logout/',
      {
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

    r.put(
      '/api/profile/changepassword/',
      {
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
        if (!(await verifyPassword(await repo.findPasswordHash(db, user.id), old_password)))
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
  });
}
