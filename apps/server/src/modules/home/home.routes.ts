import type { FastifyInstance } from 'fastify';
import { contentLanguage } from '../../lib/translations.js';
import { HOME_CARD_ITEMS, homeSummary } from '@hausportal/contract';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { toDocument } from '../documents/documents.presenter.js';
import { newDocuments } from '../documents/documents.repository.js';
import { toNotice } from '../notices/notices.presenter.js';
import { residentNotices } from '../notices/notices.repository.js';
import { toListItem } from '../tickets/tickets.presenter.js';
import { listOwnTickets } from '../tickets/tickets.repository.js';

/**
 * The resident's home screen: one read that gathers what is new from the modules
 * that own it. Nothing here writes; each card links to the module's own screen.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['home'], requireUser);
  const { db, signer } = app.ctx;

  r.get(
    '/api/home/',
    {
      schema: {
        summary: 'Was es Neues gibt: wichtige Aushänge, offene Meldungen, neue Dokumente',
        response: { 200: homeSummary },
      },
    },
    async (request) => {
      const me = currentResident(request);
      const window = { limit: HOME_CARD_ITEMS, offset: 0 };
      const [notices, tickets, documents] = await Promise.all([
        residentNotices(db, me.locationId, me.id),
        listOwnTickets(db, me.id, { open: true }, window),
        newDocuments(
          db,
          { userId: me.id, locationId: me.locationId, apartmentNumber: me.apartmentNumber },
          window.limit,
        ),
      ]);
      return {
        notices: notices.filter((n) => n.important && n.dismissed_at === null).map((n) => toNotice(n, signer)),
        tickets: {
          count: tickets.count,
          latest: tickets.rows.map((t) => toListItem(t, me.id, contentLanguage(request))),
        },
        documents: { count: documents.count, latest: documents.rows.map((d) => toDocument(d, signer, me.tokenId)) },
      };
    },
  );
}
