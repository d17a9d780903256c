import type { Parcel, ReceptionParcel } from '@hausportal/contract';
import type { ParcelRow } from './parcels.repository.js';

type Carrier = ReceptionParcel['carrier'];

/** A parcel as the reception and managers read it (staff names, storage place, notes). */
export function toReceptionParcel(p: ParcelRow): ReceptionParcel {
  return {
    id: p.id,
    apartment_number: p.apartment_number,
    carrier: p.carrier as Carrier,
    pieces: p.pieces,
    storage_place: p.storage_place,
    note: p.note,
    status: p.status,
    logged_by: p.logged_by_name ?? null,
    logged_at: p.logged_at,
    handed_over_by: p.handed_over_by_name ?? null,
    handed_over_at: p.handed_over_at,
    handover_note: p.handover_note,
  };
}

export const toAdminParcel = (p: ParcelRow) => ({ ...toReceptionParcel(p), location_id: p.location_id });

/** A parcel as its apartment's residents read it: no staff names, storage place or notes. */
export function toParcel(p: {
  id: number;
  carrier: string;
  pieces: number;
  status: 'open' | 'handed_over';
  logged_at: string;
  handed_over_at: string | null;
}): Parcel {
  return {
    id: p.id,
    carrier: p.carrier as Carrier,
    pieces: p.pieces,
    status: p.status,
    logged_at: p.logged_at,
    handed_over_at: p.handed_over_at,
  };
}
