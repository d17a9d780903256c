import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/**
 * The only /api routes that answer without a token (product §1.2, §4.2 and §4.6). Everything else must be
 * behind a module's guard; a new route that forgets it fails here.
 */
export const ANONYMOUS = [
  'POST /api/login/',
  // The back office's sign-in (ADR 014): staff only, same throttle as the residents' login.
  'POST /api/staff/login/',
  'GET /api/tenant/',
  'POST /api/password_reset/',
  'POST /api/password_reset/confirm/',
  // The activation letter's code is the permission; throttled like a password.
  'POST /api/activation/',
  // The invitation link's token is the permission (ADR 044): its owner reads whom it welcomes and
  // sets the first password; throttled like a reset confirmation.
  'POST /api/welcome/lookup/',
  'POST /api/welcome/',
  'GET /api/health/',
  // Readiness for load balancers and Docker (ADR 027): names failing parts, nothing else.
  'GET /api/ready/',
  'GET /api/docs/openapi.json',
  // The unsubscribe link of notification mails: its signature is the permission (ADR 016).
  'GET /api/notifications/unsubscribe/',
  'POST /api/notifications/unsubscribe/',
  // Signed media: the signature in the URL is the permission.
  'GET /api/media/:folder/:file',
  // The craftsman's job (ADR 020): the secret link is the permission; no account.
  'GET /api/auftrag/:token/',
  'POST /api/auftrag/:token/accept/',
  'POST /api/auftrag/:token/decline/',
  'POST /api/auftrag/:token/appointment/',
  'POST /api/auftrag/:token/notes/',
  'POST /api/auftrag/:token/photos/',
  'POST /api/auftrag/:token/done/',
  // A resident's calendar feed of bookings (ADR 029): calendar apps send no token; the
  // secret, revocable token in the address is the permission (only its hash is stored).
  'GET /api/bookings/calendar/:token',
  // The pages German law asks for: anyone reads them, and anyone may report a barrier
  // (throttled per address and for the whole install).
  'GET /api/legal/:page/',
  'POST /api/legal/barrierefreiheit/feedback/',
];

/** Who may call a route, as the suites that walk every route sign in for it. */
export type RouteCaller = 'anonymous' | 'resident' | 'admin' | 'key';

/** One registered /api route, ready to be called by a suite that walks them all. */
export interface WalkedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** `METHOD /api/…`, as the lists of exceptions name routes. */
  key: string;
  /** The path with every parameter filled by `fill` (default: an id that exists nowhere). */
  path(fill?: (param: string) => string): string;
  /** The path's parameters, in order. */
  params: string[];
  /** The query's fields (from the route's schema). */
  query: string[];
  /** Whether the route takes a JSON body (from its schema). */
  jsonBody: boolean;
  /** The schema of its 200 answer, if it declares one. */
  ok: ZodType | undefined;
  who: RouteCaller;
}

/** A path parameter nobody has: the handler answers 404 before it could change anything. */
export const NOBODY = (param: string) =>
  /token/i.test(param) ? 'x'.repeat(43) : param === 'page' ? 'impressum' : '2147483647';

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

/** Every /api route the app registered, with who calls it: a resident, an administrator, an API key or nobody. */
export function walkRoutes(app: FastifyInstance): WalkedRoute[] {
  return app.routeList
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => {
      const key = `${r.method} ${r.url}`;
      const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const who: RouteCaller = ANONYMOUS.includes(key)
        ? 'anonymous'
        : r.url.startsWith('/api/admin/')
          ? 'admin'
          : r.url.startsWith('/api/integration/')
            ? 'key'
            : 'resident';
      const body = r.schema?.body as ZodType | undefined;
      return {
        method: r.method as WalkedRoute['method'],
        url: r.url,
        key,
        params,
        path: (fill = NOBODY) => r.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(fill(name))),
        query: shapeKeys(r.schema?.querystring),
        jsonBody: body !== undefined && !(r.schema?.consumes ?? []).includes('multipart/form-data'),
        ok: (r.schema?.response as Record<string, ZodType> | undefined)?.[200],
        who,
      };
    });
}
