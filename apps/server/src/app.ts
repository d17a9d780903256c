import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES, MAX_REPORT_PHOTOS } from '@hausportal/contract';
import type { Config } from './config/config.js';
import { createContext } from './context.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { createStorage } from './lib/storage/index.js';
import { seedDemo } from './seed/demo.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { lifecyclePlugin } from './plugins/lifecycle.js';
import { AppMetrics, metricsPlugin, metricsRoute } from './plugins/metrics.js';
import { readinessPlugin } from './plugins/readiness.js';
import { loggerOptions, requestId, requestLogPlugin } from './plugins/request-log.js';
import { openapiPlugin } from './plugins/openapi.js';
import { responseCheckPlugin, type ResponseMismatch } from './plugins/response-check.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { adminRoutes } from './admin-routes.js';
import { integrationRoutes } from './modules/integration/integration.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { noticeJob } from './modules/notices/notices.job.js';
import { bookingFeedRoutes, bookingRoutes } from './modules/bookings/bookings.routes.js';
import { bookingJob } from './modules/bookings/bookings.job.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { badgeRoutes } from './modules/messages/messages.badge.routes.js';
import { documentRoutes } from './modules/documents/documents.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { messageRoutes } from './modules/messages/messages.routes.js';
import { phoneRoutes } from './modules/phones/phones.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { webhookRetentionJob } from './modules/webhooks/webhooks.job.js';
import { notificationRoutes, unsubscribeRoutes } from './modules/notifications/notifications.routes.js';
import { requestRoutes } from './modules/requests/requests.routes.js';
import { serviceRoutes } from './modules/services/services.routes.js';
import { ticketRoutes } from './modules/tickets/tickets.routes.js';
import { craftsmanRoutes } from './modules/tickets/tickets.craftsman.routes.js';
import { parcelRoutes } from './modules/parcels/parcels.routes.js';
import { parcelJob } from './modules/parcels/parcels.job.js';
import { ticketJob } from './modules/tickets/tickets.job.js';
import { accessJob } from './modules/residents/residents.job.js';
import { legalRoutes } from './modules/legal/legal.routes.js';
import { configureGermanZod } from './lib/zod-german.js';

// Validation messages that the schemas do not set themselves come out in German.
configureGermanZod();

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
  /** The cluster primary has migrated and seeded already (server.ts): a worker only serves. */
  prepared?: boolean;
  /**
   * Tests: every JSON reply is checked against its route's response schema, and each reply the
   * schema does not describe (a wrong, missing or extra field, an undocumented status) is handed here.
   */
  checkResponses?: (mismatch: ResponseMismatch) => void;
}

/** One registered route, as the anonymous-routes test walks them. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The route's schemas (zod), so the tests that walk every route know its body and query. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (test/anonymous-routes.test.ts checks their guards). */
    routeList: RouteEntry[];
  }
}

/**
 * Migrates and (with SEED_DEMO) seeds once, as the cluster primary does before it forks the
 * workers (server.ts), so two workers never migrate or seed at the same time.
 */
export async function prepareDatabase(config: Config): Promise<void> {
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    if (config.seedDemo) {
      const log = Fastify({ logger: { level: config.logLevel } }).log;
      const storage = createStorage(config, handle.db);
      await seedDemo(handle, storage, log).finally(() => storage.close());
    }
  } finally {
    await handle.close();
  }
}

/** Builds the whole application without listening, so tests can use app.inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // JSON lines with the request id on each; credentials and bodies never (plugins/request-log.ts).
    logger:
      opts.logger === false
        ? false
        : loggerOptions(config.logLevel, typeof opts.logger === 'object' ? opts.logger.stream : undefined),
    genReqId: requestId,
    // One line per request at the end (plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
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
    frameworkErrors,
  });

  const handle = opts.database ?? openDatabase(config);
  if (!opts.prepared) await migrateToLatest(handle.db);
  const ctx = await createContext(config, handle, app.log);
  app.decorate('ctx', ctx);
  app.decorate('metrics', new AppMetrics(handle, config.poolSize));
  app.decorateRequest('user', null);
  app.decorateRequest('tokenUnchecked', false);
  app.decorateRequest('apiKey', null);
  if (config.seedDemo && !opts.prepared) await seedDemo(handle, ctx.storage, app.log);

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, schema: route.schema });
  });

  await app.register(lifecyclePlugin);
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin, { metrics: app.metrics });

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; serialising with plain JSON.stringify keeps the hot path fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The tests check instead that every reply matches its schema (before compression sees it).
  if (opts.checkResponses) await app.register(responseCheckPlugin, { onMismatch: opts.checkResponses });
  await app.register(securityPlugin, { cookieSecret: ctx.secret, trustProxy: config.trustProxy });
  await app.register(errorsPlugin);
  await app.register(compressionPlugin, { enabled: config.compressResponses });
  await app.register(multipart, {
    // One file more than the largest form takes, so the form itself answers the extra one in German.
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_REPORT_PHOTOS + 1, fields: 20, fieldSize: 100_000, parts: 30 },
  });
  await app.register(openapiPlugin, { appName: config.appName });

  // Each module adds its own guard; auth, media and legal hold the anonymous routes (test/anonymous-routes.test.ts).
  for (const routes of [
    authRoutes,
    profileRoutes,
    locationRoutes,
    documentRoutes,
    phoneRoutes,
    serviceRoutes,
    requestRoutes,
    messageRoutes,
    badgeRoutes,
    noticesRoutes,
    homeRoutes,
    reportsRoutes,
    ticketRoutes,
    craftsmanRoutes,
    parcelRoutes,
    bookingRoutes,
    bookingFeedRoutes,
    pushRoutes,
    notificationRoutes,
    unsubscribeRoutes,
    mediaRoutes,
    legalRoutes,
  ]) {
    await app.register(routes);
  }
  await app.register(adminRoutes, { prefix: '/api/admin' });
  // Integrations: API keys only, never a person's token (modules/integration/).
  await app.register(integrationRoutes, { prefix: '/api/integration' });
  // Liveness: the process runs. Readiness (what it needs answers) is /api/ready/ (ADR 027).
  app.get('/api/health/', { schema: { hide: true } }, () => ({ status: 'ok' }));
  await app.register(readinessPlugin);
  await app.register(metricsRoute, { metrics: app.metrics, token: config.metrics.token });
  await app.register(webPlugin, { dist: opts.webDist ?? WEB_DIST, appName: config.appName });

  const jobs = [
    noticeJob(ctx, app.log),
    parcelJob(ctx, app.log),
    bookingJob(ctx, app.log),
    accessJob(ctx, app.log),
    webhookRetentionJob(ctx, app.log),
    ticketJob(ctx, app.log),
  ];
  app.addHook('onReady', async () => {
    // With REDIS_URL, take requests only once the shared counters answer (or say why not).
    if (!(await ctx.counters.ready()))
      app.log.warn('Redis antwortet nicht: Die Anmelde-Limits zählen vorerst nur in diesem Prozess.');
    await ctx.outbox.start();
    await ctx.push.start();
    ctx.webhooks.start();
    ctx.digest.start();
    for (const job of jobs) job.start();
  });
  app.addHook('onClose', async () => {
    ctx.digest.close();
    for (const job of jobs) job.close();
    await ctx.webhooks.close();
    await ctx.push.close();
    await ctx.outbox.close();
    await ctx.counters.close();
    await ctx.storage.close();
    if (!opts.database) await handle.close();
  });
  return app;
}
