import type { FastifyInstance } from 'fastify';
import {
  LEGAL_PAGES,
  adminLegalPage,
  legalPageInput,
  legalPreview,
  legalPreviewInput,
  listQuery,
  paginated,
} from '@hausportal/contract';
import { pageOfAll } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, currentUser } from '../auth/policies.js';
import { previewLegalPage, readLegalPage, saveLegalPage } from './legal.actions.js';
import { toAdminLegalPage } from './legal.presenter.js';
import { legalPageParam, pageFrom } from './legal.routes.js';

/**
 * 'Rechtliche Seiten' in the back office: every staff member reads the pages and their
 * Markdown; only administrators preview and save (the pages are the install's, not a location's).
 */
export async function legalAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: legal'], 'parent');
  const { ctx } = app;
  const isAdmin = (request: Parameters<typeof currentUser>[0]) => currentUser(request).role === 'admin';

  r.get(
    '/legal/',
    {
      schema: {
        summary: 'Die drei rechtlichen Seiten mit Markdown (Impressum, Datenschutz, Barrierefreiheit)',
        querystring: listQuery,
        response: { 200: paginated(adminLegalPage) },
      },
    },
    async (request) => {
      const editable = isAdmin(request);
      const pages = await Promise.all(
        LEGAL_PAGES.map(async (page) => toAdminLegalPage(await readLegalPage(ctx, page), editable)),
      );
      return pageOfAll('/api/admin/legal/', request.query, pages);
    },
  );

  r.get(
    '/legal/:page/',
    {
      schema: {
        summary: 'Eine rechtliche Seite mit Markdown',
        params: legalPageParam,
        response: { 200: adminLegalPage },
      },
    },
    async (request) => toAdminLegalPage(await readLegalPage(ctx, pageFrom(request.params)), isAdmin(request)),
  );

  r.put(
    '/legal/:page/',
    {
      schema: {
        summary: 'Rechtliche Seite speichern (nur Administrator:innen; Markdown, wird bereinigt angezeigt)',
        params: legalPageParam,
        body: legalPageInput,
        response: { 200: adminLegalPage },
      },
    },
    async (request) =>
      toAdminLegalPage(
        await saveLegalPage(ctx, callerOf(request), pageFrom(request.params), request.body.markdown),
        true,
      ),
  );

  r.post(
    '/legal/preview/',
    {
      schema: {
        summary: 'Vorschau: Markdown so, wie die Seite es zeigen würde (nur Administrator:innen)',
        body: legalPreviewInput,
        response: { 200: legalPreview },
      },
    },
    async (request) => previewLegalPage(currentUser(request), request.body.markdown),
  );
}
