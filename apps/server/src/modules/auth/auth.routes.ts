import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  STAFF_ACCOUNT_CODE,
  ACCESS_NOT_OPEN_CODE,
  TWO_FACTOR_REQUIRED_CODE,
  activationRequest,
  activationResult,
  loginRequest,
  loginResponse,
  passwordResetConfirm,
  passwordResetRequest,
  staffLoginRequest,
  statusResponse,
  tenantQuery,
  tenantResponse,
  welcomeConfirm,
  welcomeInfo,
  welcomeLookup,
  welcomeResult,
} from '@hausportal/contract';
import { z } from 'zod';
import { inLanguage, requestTranslator, screenLanguage } from '../../i18n/request.js';
import { moduleRoutes } from '../../lib/routes.js';
import {
  activateAccount,
  confirmPasswordReset,
  lookUpTenant,
  requestPasswordReset,
  signInResident,
  signInStaff,
  signOut,
  lookUpWelcome,
  welcomeResident,
} from './auth.actions.js';
import { maskEmail } from './auth.presenter.js';
import { currentUser, requireUser } from './policies.js';
import { accountKey } from './sign-in-throttle.js';

/** A staff account on the residents' sign-in, or a resident outside the access window. */
const signInRefused = z.object({ detail: z.string(), code: z.enum([STAFF_ACCOUNT_CODE, ACCESS_NOT_OPEN_CODE]) });
/** The staff sign-in's answer when the account has a second factor and no code came (ADR 025). */
const twoFactorRequired = z.object({ detail: z.string(), code: z.literal(TWO_FACTOR_REQUIRED_CODE) });

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

/** Sign-in, sign-out and the password reset; all but sign-out are anonymous. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['auth'], 'none');
  const { ctx } = app;
  const secureCookies = ctx.config.publicUrl.startsWith('https:');

  /** Signs in and lets this browser skip the throttle's delay for the account next time (ADR 008). */
  async function signInAs(
    request: FastifyRequest,
    reply: FastifyReply,
    signIn: typeof signInResident,
    login: string,
    password: string,
    path: string,
    code?: string,
  ) {
    const account = accountKey(login);
    const device = trustedDevice(request, account);
    const userAgent = request.headers['user-agent'];
    const token = await signIn(ctx, { login, password, ip: request.ip, device, code, userAgent });
    rememberDevice(reply, account, device, secureCookies, path);
    return { token };
  }

  r.post(
    LOGIN_PATH,
    {
      schema: {
        summary: 'Anmelden mit Wohnungsnummer und Passwort',
        body: loginRequest,
        response: { 200: loginResponse, 403: signInRefused },
      },
    },
    (request, reply) =>
      signInAs(request, reply, signInResident, request.body.apartment_number, request.body.password, LOGIN_PATH),
  );

  r.post(
    STAFF_LOGIN_PATH,
    {
      schema: {
        summary: 'Anmelden im Verwaltungsbereich mit E-Mail-Adresse und Passwort',
        body: staffLoginRequest,
        response: { 200: loginResponse, 401: twoFactorRequired },
      },
    },
    (request, reply) =>
      signInAs(
        request,
        reply,
        signInStaff,
        request.body.email,
        request.body.password,
        STAFF_LOGIN_PATH,
        request.body.code,
      ),
  );

  r.get(
    '/api/tenant/',
    {
      schema: {
        summary: 'Maskierte E-Mail-Adresse zu einer Wohnungsnummer',
        querystring: tenantQuery,
        response: { 200: tenantResponse },
      },
    },
    async (request) => ({ email: maskEmail(await lookUpTenant(ctx, request.query.apartment_number, request.ip)) }),
  );

  r.post(
    '/api/password_reset/',
    {
      schema: {
        summary: 'Link zum Zurücksetzen des Passworts anfordern',
        body: passwordResetRequest,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const { email, apartment_number } = request.body;
      // The mail speaks the language of the screen it was asked on (Accept-Language).
      await requestPasswordReset(ctx, {
        email,
        apartmentNumber: apartment_number,
        ip: request.ip,
        screen: screenLanguage(request.headers['accept-language']),
      });
      // Always the same answer, so the endpoint does not tell which accounts exist.
      return { status: 'OK' };
    },
  );

  r.post(
    '/api/password_reset/confirm/',
    {
      schema: {
        summary: 'Neues Passwort mit dem Token aus der E-Mail setzen',
        body: passwordResetConfirm,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const { token, password, repeat_password } = request.body;
      await confirmPasswordReset(ctx, { token, password, repeatPassword: repeat_password, ip: request.ip });
      return { status: 'OK' };
    },
  );

  // The invitation link's page /willkommen/{token} (ADR 044). POST, so the token stays out of URLs and logs.
  r.post(
    '/api/welcome/lookup/',
    {
      schema: {
        summary: 'Einladungslink: wen die Seite „Willkommen“ begrüßt (Name, Haus, Wohnung)',
        body: welcomeLookup,
        response: { 200: welcomeInfo },
      },
    },
    (request) => lookUpWelcome(ctx, request.body.token, request.ip),
  );

  r.post(
    '/api/welcome/',
    {
      schema: {
        summary: 'Einladungslink: erstes Passwort festlegen und angemeldet werden',
        body: welcomeConfirm,
        response: { 200: welcomeResult },
      },
    },
    async (request) => {
      const { token, password, repeat_password } = request.body;
      const session = await welcomeResident(ctx, {
        token,
        password,
        repeatPassword: repeat_password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { token: session };
    },
  );

  r.post(
    '/api/activation/',
    {
      schema: {
        summary: 'Konto mit dem Code eines Aktivierungsbriefs einrichten: Passwort festlegen, optional E-Mail-Adresse',
        body: activationRequest,
        response: { 200: activationResult },
      },
    },
    async (request) => {
      const { code, password, repeat_password, email } = request.body;
      const done = await activateAccount(ctx, {
        code,
        password,
        repeatPassword: repeat_password,
        email,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { ...done, detail: inLanguage(done.detail, requestTranslator(request)) };
    },
  );

  // Signing out needs a session; the routes above are the anonymous ones.
  await app.register(async (session) => {
    const r = moduleRoutes(session, ['auth'], requireUser);
    r.get(
      '/api/logout/',
      {
        schema: {
          summary: 'Abmelden (widerruft das Token)',
          response: { 200: z.object({ detail: z.string() }) },
        },
      },
      async (request) => {
        await signOut(ctx, currentUser(request));
        return { detail: 'Sie wurden abgemeldet.' };
      },
    );
  });
}
