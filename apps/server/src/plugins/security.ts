import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import helmet, { type HelmetOptions } from 'helmet';
import { fieldError } from '../lib/errors.js';

const HELMET: HelmetOptions = {
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
};

/**
 * The page may send page views to the operator's analytics instance (ANALYTICS_URL), and to no
 * other origin; without it, connect-src stays 'self'.
 */
function withAnalytics(options: HelmetOptions, analyticsUrl: string | undefined): HelmetOptions {
  if (!analyticsUrl) return options;
  const csp = options.contentSecurityPolicy as { directives: Record<string, unknown> };
  return {
    ...options,
    contentSecurityPolicy: {
      directives: { ...csp.directives, connectSrc: ["'self'", new URL(analyticsUrl).origin] },
    },
  };
}

/**
 * Helmet's headers, worked out once. They are the same for every response, and @fastify/helmet
 * rebuilt them from the options on each request: a tenth of a cached feed page's time (ADR 018).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers, the signed-cookie support of the login throttle, the NUL guard, and the
 * warning about an unconfigured reverse proxy.
 */
export const securityPlugin = fp<{ cookieSecret: string; trustProxy: unknown }>(async (app, opts) => {
  const headers = helmetHeaders(withAnalytics(HELMET, app.ctx.config.analytics?.url));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Signed with the same secret as media URLs; carries the device cookie of the login throttle.
  await app.register(cookie, { secret: opts.cookieSecret });

  // PostgreSQL text cannot hold U+0000 (the query fails with 500) while SQLite would store it.
  // No field of the API needs it, so refuse it up front and both dialects answer the same 400.
  // Texts sit at the top of the JSON body or the query string, or nested in it (the rows of a
  // CSV import); the error names the top-level field that holds the NUL.
  app.addHook('preValidation', async (request) => {
    for (const input of [request.body, request.query]) {
      if (typeof input === 'string' && input.includes('\u0000'))
        throw fieldError('non_field_errors', 'Die Eingabe enthält ein unzulässiges Zeichen (NUL).');
      if (input === null || typeof input !== 'object') continue;
      for (const [field, value] of Object.entries(input)) {
        if (holdsNul(value)) throw fieldError(field, 'Die Eingabe enthält ein unzulässiges Zeichen (NUL).');
      }
    }
  });

  // Behind a reverse proxy every request seems to come from the proxy, so all residents would
  // share one throttle budget. Say so once, the first time a forwarded request arrives.
  if (opts.trustProxy === false) {
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
});

/** Whether a JSON value holds U+0000 in any string, key or value, however deep (bounded). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 20) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  }
  return false;
}
