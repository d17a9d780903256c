import type { FastifyInstance } from 'fastify';
import { idParam, notice, paginated } from '@hausportal/contract';
import { singlePage } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { markNotice } from './notices.actions.js';
import { toNotice } from './notices.presenter.js';
import { residentNotices } from './notices.repository.js';

/** Residents read the official notices of their location, pinned above the blackboard's posts. */
export async function noticesRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['blackboard'], requireUser);
  const { db, signer } = app.ctx;

  r.get(
    '/api/notices/',
    {
      schema: {
        summary: 'Aushänge des eigenen Standorts, die begonnen und noch nicht geendet haben (wichtige zuerst)',
        response: { 200: paginated(notice) },
      },
    },
    async (request) => {
      const me = currentResident(request);
      return singlePage((await residentNotices(db, me.locationId, me.id)).map((n) => toNotice(n, signer)));
    },
  );

  // Both marks are idempotent: the first time counts, repeats (a retry after a lost answer) change nothing.
  for (const mark of ['opened', 'dismissed'] as const) {
    r.post(
      `/api/notices/:id/${mark}/`,
      {
        schema: {
          summary:
            mark === 'opened'
              ? 'Aushang als gesehen markieren (nur begonnene Aushänge des eigenen Standorts)'
              : 'Aushang wegklicken; gilt auch als gesehen (nur begonnene Aushänge des eigenen Standorts)',
          params: idParam,
          response: { 200: notice },
        },
      },
      async (request) => toNotice(await markNotice(app.ctx, currentResident(request), request.params.id, mark), signer),
    );
  }
}
