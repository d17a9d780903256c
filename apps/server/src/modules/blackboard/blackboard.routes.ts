import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BADGE_WINDOW_MS, blackboardOpened, blackboardOpenedUpdate } from '@hausportal/contract';
import { notFound } from '../../lib/errors.js';
import { isoFromMs } from '../../lib/time.js';
import { countApproved } from '../messages/messages.repository.js';
import { currentResident, requireUser } from '../auth/auth.hooks.js';

const params = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['blackboard'];
const security = [{ token: [] }];

export async function blackboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  async function state(userId: number, locationId: number) {
    const row = await db
      .selectFrom('blackboard_opened')
      .select('date_blackboard_opened')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const opened = row?.date_blackboard_opened ?? null;
    // The badge counts approved posts newer than both the last visit and three days ago.
    const windowStart = isoFromMs(Date.now() - BADGE_WINDOW_MS);
    const since = opened && opened > windowStart ? opened : windowStart;
    return { date_blackboard_opened: opened, unread_count: await countApproved(db, locationId, since) };
  }

  r.get(
    '/api/blackboard_opened/:userId/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Letzter Besuch der Pinnwand und Zahl neuer Beiträge (nur eigene userId)',
        params,
        response: { 200: blackboardOpened },
      },
    },
    async (request) => {
      const user = currentResident(request);
      if (request.params.userId !== user.id) throw notFound();
      return state(user.id, user.locationId);
    },
  );

  r.put(
    '/api/blackboard_opened/:userId/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Besuch der Pinnwand speichern',
        params,
        body: blackboardOpenedUpdate,
        response: { 200: blackboardOpened },
      },
    },
    async (request) => {
      const user = currentResident(request);
      if (request.params.userId !== user.id) throw notFound();
      // A clock in the future would hide new posts forever; never store later than now.
      const given = Date.parse(request.body.date_blackboard_opened);
      const date = isoFromMs(Math.min(given, Date.now()));
      await db
        .insertInto('blackboard_opened')
        .values({ user_id: user.id, date_blackboard_opened: date })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ date_blackboard_opened: date }))
        .execute();
      return state(user.id, user.locationId);
    },
  );
}
