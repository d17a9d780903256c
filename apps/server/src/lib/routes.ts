import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** How a module's routes are guarded. */
export type Guard =
  /** Each route checks the caller with this hook (requireUser, requireManager). */
  | onRequestHookHandler
  /** The plugin the module registers in guards it already (the back office's /api/admin). */
  | 'parent'
  /** Anonymous routes: sign-in, signed media URLs, the signed unsubscribe link. */
  | 'none'
  /**
   * Inside /api/integration (modules/integration/integration.routes.ts), whose plugin requires an
   * API key; each route adds `onRequest: requireScope(…)`. Documented with the `apiKey` scheme.
   */
  | 'apiKey';

const TOKEN_SECURITY = [{ token: [] }];
const API_KEY_SECURITY = [{ apiKey: [] }];

/**
 * The plumbing every module plugin starts with, written once: the module's guard on every route,
 * and `tags` and (for guarded routes) `security` in every route schema for the OpenAPI document.
 * A route that sets its own tags or security keeps them. Returns the zod-typed instance.
 *
 * onRoute hooks are encapsulated, so the defaults reach this plugin's routes and its children's only.
 */
export function moduleRoutes(app: FastifyInstance, tags: string[], guard: Guard) {
  if (typeof guard === 'function') app.addHook('onRequest', guard);
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const security = guard === 'none' ? {} : { security: guard === 'apiKey' ? API_KEY_SECURITY : TOKEN_SECURITY };
    route.schema = { tags, ...security, ...route.schema };
  });
  return app.withTypeProvider<ZodTypeProvider>();
}
