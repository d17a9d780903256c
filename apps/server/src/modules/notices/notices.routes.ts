import type { FastifyInstance } from 'fastify';
import { notice, paginated } from '@hausportal/contract';
import { singlePage } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { toNotice } from './notices.presenter.js';
import { activeNotices } from './notices.repository.js';

/** Residents read the official notices of their location, pinned above the blackboard's posts. */
export async function noticesRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['blackboard'], requireUser);
  const { db } = app.ctx;

  r.get(
    '/api/notices/',
    {
      schema: {
        summary: 'Aushänge des eigenen Standorts, die noch gelten (wichtige zuerst)',
        response: { 200: paginated(notice) },
      },
    },
    async (request) => singlePage((await activeNotices(db, currentResident(request).locationId)).map(toNotice)),
  );
}
