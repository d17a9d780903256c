import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERRORS, MAX_FILE_BYTES } from '@hausportal/contract';
import type { Config } from './config/config.js';
import type { AppContext } from './context.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { ApiError, fieldError } from './lib/errors.js';
import { LocalStorage } from './lib/storage.js';
import { UrlSigner } from './lib/signing.js';
import { escapeHtml, renderWebShell } from './lib/web-shell.js';
import { Outbox } from './lib/outbox.js';
import { CounterStore } from './lib/throttle.js';
import { WriteThrottle } from './lib/write-throttle.js';
import { SignInThrottle } from './modules/auth/sign-in-throttle.js';
import { seedDemo } from './seed/demo.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { documentRoutes } from './modules/documents/documents.routes.js';
import { phoneRoutes } from './modules/phones/phones.routes.js';
import { serviceRoutes } from './modules/services/services.routes.js';
import { messageRoutes } from './modules/messages/messages.routes.js';
import { blackboardRoutes } from './modules/blackboard/blackboard.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';

// Validation messages that the schemas do not set themselves come out in German.
z.config(z.locales.de());

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  /** Reuse an open database (tests, bench); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** The built web app; tests point it elsewhere. */
  webDist?: string;
  /** false for silence; a stream receives the JSON log lines (tests read warnings from it). */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

/** The secret for signed URLs: SECRET_KEY, or one generated once and kept in the database. */
async function loadSecret(handle: DatabaseHandle, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await handle.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'secret_key')
    .executeTakeFirst();
  if (existing) return existing.value;
  const value = randomBytes(32).toString('base64url');
  await handle.db
    .insertInto('app_settings')
    .values({ key: 'secret_key', value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await handle.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'secret_key')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Field name from a zod issue path, DRF style; empty paths become non_field_errors. */
function drfValidationBody(validation: { instancePath: string; message?: string }[]) {
  const body: Record<string, string[]> = {};
  for (const v of validation) {
    const field = v.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
    (body[field] ??= []).push(v.message ?? 'Ungültiger Wert.');
  }
  return body;
}

/** Builds the whole application without listening, so tests can use app.inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, ...(typeof opts.logger === 'object' ? { stream: opts.logger.stream } : {}) },
    // A number trusts that many proxy hops; Fastify does the same at run time but does not type it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A broken percent-encoding or an over-long path parameter is answered by the router before
    // the error handler runs; without this the body is Fastify's own, not DRF-shaped.
    frameworkErrors: (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ detail: 'Die URL ist zu lang.' });
      if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ detail: 'Die URL ist ungültig.' });
      return reply.code(500).send({ detail: 'Interner Serverfehler. Bitte versuchen Sie es später erneut.' });
    },
  });

  const handle = opts.database ?? openDatabase(config);
  await migrateToLatest(handle.db);

  const storage = new LocalStorage(config.mediaDir);
  const secret = await loadSecret(handle, config.secretKey);
  const counters = new CounterStore({ redisUrl: config.redisUrl, prefix: 'hp' });
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    storage,
    signer: new UrlSigner(secret),
    outbox: new Outbox(handle.db, app.log, config.mail, { publicUrl: config.publicUrl, production: config.production }),
    counters,
    signIn: new SignInThrottle(counters, config.throttle),
    writes: new WriteThrottle(counters, config.throttle.writes),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);

  if (config.seedDemo) await seedDemo(handle, storage, app.log);

  // Behind a reverse proxy every request seems to come from the proxy, so all residents would
  // share one throttle budget. Say so once, the first time a forwarded request arrives.
  if (config.trustProxy === false) {
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || request.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      request.log.warn(
        'Anfragen kommen mit X-Forwarded-For, aber TRUST_PROXY ist aus: Alle Nutzer zählen als eine Adresse (' +
          `${request.ip}) und teilen sich die Anmelde-Limits. Hinter einem Reverse Proxy TRUST_PROXY=1 setzen (README).`,
      );
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  // PostgreSQL text cannot hold U+0000 (the query fails with 500) while SQLite would store it.
  // No field of the API needs it, so refuse it up front and both dialects answer the same 400.
  // Every text the API takes is a top-level string of the JSON body or the query string.
  app.addHook('preValidation', async (request) => {
    for (const input of [request.body, request.query]) {
      if (typeof input === 'string' && input.includes('\u0000'))
        throw fieldError('non_field_errors', 'Die Eingabe enthält ein unzulässiges Zeichen (NUL).');
      if (input === null || typeof input !== 'object') continue;
      for (const [field, value] of Object.entries(input)) {
        if (typeof value === 'string' && value.includes('\u0000'))
          throw fieldError(field, 'Die Eingabe enthält ein unzulässiges Zeichen (NUL).');
      }
    }
  });
  // Response schemas document the API; serialising with plain JSON.stringify keeps the hot path fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The gallery opens PDFs from /api/media in the same origin; allow that framing only.
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
  // Signed with the same secret as media URLs; carries the device cookie of the login throttle.
  await app.register(cookie, { secret });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 5, fields: 20, fieldSize: 100_000, parts: 30 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.appName} API`,
        version: '1.0.0',
        description: 'API für Bewohner, Rezeption und Verwaltung. Fehler im DRF-Format.',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Token <key>` oder `Bearer <key>`',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return reply.code(err.statusCode).headers(err.headers).send(err.body);
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(400).send(drfValidationBody(err.validation));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'JSON-Fehler: Der Anfragekörper ist kein gültiges JSON.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply
          .code(415)
          .send({ detail: `Nicht unterstützter Medientyp "${request.headers['content-type'] ?? ''}" in der Anfrage.` });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'Die Anfrage ist zu groß.' });
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.code(400).send({ document: ['Die Datei ist zu gross'] });
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.code(400).send({ detail: 'Die Anfrage enthält zu viele Teile.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: err.message });
    request.log.error({ err }, 'Unerwarteter Fehler');
    return reply.code(500).send({ detail: 'Interner Serverfehler. Bitte versuchen Sie es später erneut.' });
  });

  for (const routes of [
    authRoutes,
    profileRoutes,
    locationRoutes,
    documentRoutes,
    phoneRoutes,
    serviceRoutes,
    messageRoutes,
    blackboardRoutes,
    pushRoutes,
    mediaRoutes,
    moderationRoutes,
  ]) {
    await app.register(routes);
  }

  app.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
  app.get('/api/health/', { schema: { hide: true } }, () => ({ status: 'ok' }));

  const webDist = opts.webDist ?? WEB_DIST;
  const shell = renderWebShell(webDist, config.appName);
  if (shell.html) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // These two carry APP_NAME and are answered below from what renderWebShell made.
      globIgnore: ['index.html', 'manifest.webmanifest'],
      // Vite names everything under /assets by its content hash: cache it for good. The rest
      // (service worker, manifest, icons) must be revalidated so updates reach the phone.
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
      cacheControl: false,
    });
    const html = shell.html;
    // The service worker precaches /index.html as the shell of every route.
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
    );
    if (shell.manifest) {
      const manifest = shell.manifest;
      app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
        reply.header('Cache-Control', 'no-cache').type('application/manifest+json').send(manifest),
      );
    }
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ detail: API_ERRORS.notFound });
    }
    // A missing file (an old /assets/…js after a deploy) must be a 404, not the SPA's HTML.
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0]!))
      return reply.code(404).type('text/plain').send('Nicht gefunden.');
    // Every other GET is a client-side route of the SPA.
    if (shell.html) return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell.html);
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="de"><meta charset="utf-8"><title>${escapeHtml(config.appName)}</title><p>Die Web-App ist noch nicht gebaut. <code>npm run build</code> erzeugt sie.</p></html>`,
      );
  });

  app.addHook('onReady', () => ctx.outbox.start());
  app.addHook('onClose', async () => {
    await ctx.outbox.close();
    await ctx.counters.close();
    if (!opts.database) await handle.close();
  });

  return app;
}
