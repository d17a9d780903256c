import type { FastifyInstance } from 'fastify';
import {
  PARCEL_LONG_WAIT_DAYS,
  adminParcel,
  adminParcelQuery,
  paginated,
  parcelDailyCount,
  parcelDailyQuery,
} from '@hausportal/contract';
import { z } from 'zod';
import { pageWindow } from '../../db/paging.js';
import { paginate } from '../../lib/pagination.js';
import { moduleRoutes } from '../../lib/routes.js';
import { callerOf, listScope } from '../auth/policies.js';
import { berlinDayEnd, berlinDayStart, dailyCounts } from './parcels.actions.js';
import { toAdminParcel } from './parcels.presenter.js';
import * as repo from './parcels.repository.js';

const DAY = 86_400_000;

/** 'Pakete' in the back office (ADR 030): history, the long-waiting list, daily counts. */
export async function parcelAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['admin: parcels'], 'parent');
  const { db, signer } = app.ctx;

  r.get(
    '/parcels/',
    {
      schema: {
        summary: `Pakete der eigenen Standorte: Verlauf (Status, Zeitraum in Berliner Daten), mit waiting_days=${PARCEL_LONG_WAIT_DAYS} die länger wartenden`,
        querystring: adminParcelQuery,
        response: { 200: paginated(adminParcel) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await repo.listParcels(
        db,
        {
          locationIds: await listScope(request, q.location_id),
          status: q.status,
          from: q.from ? berlinDayStart(q.from) : undefined,
          to: q.to ? berlinDayEnd(q.to) : undefined,
          waitingSince: q.waiting_days ? new Date(Date.now() - q.waiting_days * DAY).toISOString() : undefined,
        },
        pageWindow(q),
      );
      const sid = callerOf(request).tokenId;
      return paginate(
        '/api/admin/parcels/',
        q,
        page.count,
        page.rows.map((p) => toAdminParcel(p, signer, sid)),
      );
    },
  );

  r.get(
    '/parcels/daily/',
    {
      schema: {
        summary: 'Pakete pro Tag (Berliner Datum): erfasst und übergeben',
        querystring: parcelDailyQuery,
        response: { 200: z.array(parcelDailyCount) },
      },
    },
    async (request) => {
      const q = request.query;
      return dailyCounts(db, await listScope(request, q.location_id), q.from, q.to);
    },
  );
}
