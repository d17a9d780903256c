import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BADGE_WINDOW_MS, blackboardOpened, blackboardOpenedUpdate, textId } from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { isoFromMs } from '../../lib/time.js';
import { moduleRoutes } from '../../lib/routes.js';
import { countNewNotices } from '../notices/notices.repository.js';
import { currentResident, requireUser } from '../auth/policies.js';
import { countApproved, findOpened, saveOpened } from './messages.repository.js';

const params = z.object({ userId: textId });

/** The blackboard badge: when the resident last opened the Pinnwand, and how much is new since. */
export async function badgeRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['blackboard'], requireUser);
  const { db } = app.ctx;

  /** product §1.5: only the caller's own id answers; any other is not found. */
  function owner(request: FastifyRequest, userId: number) {
    const user = currentResident(request);
    if (userId !== user.id) throw notFound();
    return user;
  }

  async function state(userId: number, locationId: number) {
    const opened = await findOpened(db, userId);
    // The badge counts approved posts and notices newer than both the last visit and three days ago.
    const windowStart = isoFromMs(Date.now() - BADGE_WINDOW_MS);
    const since = opened && opened > windowStart ? opened : windowStart;
    const [posts, notices] = await Promise.all([
      countApproved(db, locationId, since),
      countNewNotices(db, locationId, since),
    ]);
    return { date_blackboard_opened: opened, unread_count: posts + notices };
  }

  r.get(
    '/api/blackboard_opened/:userId/',
    {
      schema: {
        summary: 'Letzter Besuch der Pinnwand und Zahl neuer Beiträge (nur eigene userId)',
        params,
        response: { 200: blackboardOpened },
      },
    },
    async (request) => {
      const user = owner(request, request.params.userId);
      return state(user.id, user.locationId);
    },
  );

  r.put(
    '/api/blackboard_opened/:userId/',
    {
      schema: {
        summary: 'Besuch der Pinnwand speichern',
        params,
        body: blackboardOpenedUpdate,
        response: { 200: blackboardOpened },
      },
    },
    async (request) => {
      const user = owner(request, request.params.userId);
      // A clock in the future would hide new posts forever; never store later than now.
      const given = Date.parse(request.body.date_blackboard_opened);
      await saveOpened(db, user.id, isoFromMs(Math.min(given, Date.now())));
      return state(user.id, user.locationId);
    },
  );
}
