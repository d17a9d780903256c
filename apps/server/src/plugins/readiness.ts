import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pingDatabase } from '../db/ping.js';

// GET /api/ready/ (ADR 027): may this process take requests now? /api/health/ only says that it
// runs (liveness: a failing one means restart it); readiness says whether what it needs answers:
// the database, the media store and, when REDIS_URL is set, Redis. A load balancer or Docker's
// health check sends no traffic to a process that is not ready, and restarting it would not help.

/** How long one check may take; a part that hangs counts as failing, so the probe itself never hangs. */
const CHECK_TIMEOUT_MS = 2_000;

const NAMES: Record<string, string> = { database: 'Datenbank', media: 'Dateispeicher', redis: 'Redis' };

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`keine Antwort nach ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const readinessPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/api/ready/', { schema: { hide: true } }, async (request, reply) => {
      const { db, storage, counters } = app.ctx;
      const checks: Record<string, () => Promise<unknown>> = {
        database: () => pingDatabase(db),
        media: () => storage.check(),
        ...(counters.usesRedis ? { redis: () => counters.ping() } : {}),
      };
      const results = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await within(check(), CHECK_TIMEOUT_MS);
            return null;
          } catch (err) {
            return { name, reason: err instanceof Error ? err.message : String(err) };
          }
        }),
      );
      const failed = results.filter((r) => r !== null);
      if (app.lifecycle?.draining) failed.push({ name: 'shutdown', reason: 'SIGTERM' });
      reply.header('cache-control', 'no-store');
      if (failed.length === 0) return { status: 'bereit' };
      request.log.warn({ failing: failed }, 'Nicht bereit');
      const parts = failed.map((f) => NAMES[f.name] ?? f.name);
      return reply
        .code(503)
        .header('retry-after', '10')
        .send({
          status: 'nicht bereit',
          failing: failed.map((f) => f.name),
          detail: failed.some((f) => f.name === 'shutdown')
            ? 'Dieser Prozess fährt herunter und nimmt keine neuen Anfragen an.'
            : `Nicht bereit, keine Antwort von: ${parts.join(', ')}.`,
        });
    });
  },
  { name: 'readiness', dependencies: ['lifecycle'] },
);
