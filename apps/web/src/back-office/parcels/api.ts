import type { Paginated, ReceptionParcel } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';

export type AdminParcel = ReceptionParcel & { location_id: number };
export interface DailyCount {
  date: string;
  logged: number;
  handed_over: number;
}

/** The parcel endpoints of the back office (history, long-waiting, daily counts). */
export const parcelsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    adminParcels: b.query<Paginated<AdminParcel>, ListArgs & { status?: string; waiting_days?: number }>({
      query: (args) => listQuery('/api/admin/parcels/', { ...args }),
    }),
    parcelDaily: b.query<DailyCount[], { from: string; to: string; location_id?: number }>({
      query: ({ from, to, location_id }) =>
        `/api/admin/parcels/daily/?from=${from}&to=${to}${location_id ? `&location_id=${location_id}` : ''}`,
    }),
  }),
});

export const { useAdminParcelsQuery, useParcelDailyQuery } = parcelsApi;
