import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// The JSON log (pino, ADR 027): every line of a request carries its id (reqId), which the client
// gets back as X-Request-Id; a proxy's own id is taken over when it looks like one. Nothing
// secret reaches the log: bodies are never logged, the credential headers are censored, and the
// logged URL has its query values and token-like path segments replaced.

const CENSORED = '[entfernt]';

/** An id a proxy may hand in: letters, digits and . _ : - only, 1 to 128 characters. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the proxy's X-Request-Id when sane, else a fresh UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Query parameters whose values are plain paging or filters and stay readable in the log. */
const PLAIN_QUERY = new Set(['page', 'page_size', 'limit', 'offset', 'ordering', 'status', 'location', 'location_id']);
/** A path segment that looks like a secret: a long run of base64url or hex (reset, craftsman links). */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;
/** Paths whose next segment is a secret: the reset link, the activation code, the craftsman's job. */
const SECRET_PATH = /^(\/(?:forgot-password|willkommen|aktivieren|auftrag|api\/auftrag)\/)[^/]+/;
/** Route parameters that hold secrets whatever they look like. */
const SECRET_PARAM = /token|code|secret|password|sig/i;

/** The request's URL as it may be logged: no token in the path, no query value but paging. */
export function loggableUrl(url: string, params: Record<string, unknown> = {}): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const secrets = new Set(
    Object.entries(params)
      .filter(([name, value]) => SECRET_PARAM.test(name) && typeof value === 'string' && value !== '')
      .flatMap(([, value]) => [String(value), encodeURIComponent(String(value))]),
  );
  const safePath = path
    .replace(SECRET_PATH, `$1${CENSORED}`)
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) || secrets.has(segment) ? CENSORED : segment))
    .join('/');
  if (q === -1) return safePath;
  const query = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value] = pair.split('=');
      return value === undefined || PLAIN_QUERY.has(name) ? pair : `${name}=${CENSORED}`;
    });
  return `${safePath}?${query.join('&')}`;
}

/** Pino options of the app's logger: level, where the lines go, redaction and the request serializer. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.old_password',
        '*.token',
      ],
      censor: CENSORED,
    },
    serializers: {
      // Fastify's own fields, with the URL made safe; never headers or the body.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url, (request.params ?? {}) as Record<string, unknown>),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/**
 * Echoes the request id to the client as X-Request-Id, on every answer including errors, and
 * logs each request once when it is answered ('request completed', at info, with its method, safe
 * URL, status and time): Fastify's own request log writes two lines, each serialising the request
 * (issue 34). Below info nothing is serialised at all.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      if ((request.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('info'))
        request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    });
  },
  { name: 'request-log' },
);
