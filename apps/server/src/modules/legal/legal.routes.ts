import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  FEEDBACK_SENT,
  LEGAL_PAGES,
  accessibilityFeedbackInput,
  accessibilityFeedbackReply,
  isLegalPage,
  legalPage,
  type LegalPageName,
} from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/routes.js';
import { optionalUser } from '../auth/policies.js';
import { FeedbackThrottle, readLegalPage, sendAccessibilityFeedback } from './legal.actions.js';
import { toLegalPage } from './legal.presenter.js';

/** `{page}` of the legal routes: one of LEGAL_PAGES; any other name is not found. */
export const legalPageParam = z.object({ page: z.string().max(40).describe(LEGAL_PAGES.join(', ')) });

/** The page name from the path, or 404. */
export function pageFrom(params: { page: string }): LegalPageName {
  if (!isLegalPage(params.page)) throw notFound();
  return params.page;
}

/**
 * Impressum, Datenschutz and Barrierefreiheit: the law wants them reachable by anyone,
 * so these routes are anonymous (test/anonymous-routes.test.ts lists them) and answer the same
 * with or without a token. The pages are the same for everyone: caches may keep them, and
 * revalidate them by ETag so a change shows at once.
 */
export async function legalRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['legal'], 'none');
  const { ctx } = app;
  const throttle = new FeedbackThrottle(ctx.counters, ctx.config.throttle.feedback);

  r.get(
    '/api/legal/:page/',
    {
      schema: {
        summary:
          'Impressum, Datenschutzerklärung oder Erklärung zur Barrierefreiheit, als bereinigtes HTML (ohne Anmeldung)',
        params: legalPageParam,
        response: { 200: legalPage, 304: z.null().describe('Unverändert seit dem ETag der Anfrage') },
      },
    },
    async (request, reply) => {
      const page = toLegalPage(await readLegalPage(ctx, pageFrom(request.params)));
      const etag = `"${createHash('sha256').update(JSON.stringify(page)).digest('base64url').slice(0, 27)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return page;
    },
  );

  r.post(
    '/api/legal/barrierefreiheit/feedback/',
    {
      schema: {
        summary:
          'Rückmeldung zur Barrierefreiheit an die Hausverwaltung (ohne Anmeldung; angemeldet auch an die Verwaltung des eigenen Standorts)',
        body: accessibilityFeedbackInput,
        response: { 202: accessibilityFeedbackReply },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(request);
      await sendAccessibilityFeedback(ctx, throttle, { user, ip: request.ip }, request.body);
      reply.code(202);
      return { detail: FEEDBACK_SENT };
    },
  );
}
