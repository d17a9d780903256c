import type { IntegrationParcel, Parcel, ParcelLabelPhoto, ReceptionParcel } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { ParcelRow } from './parcels.repository.js';

type Carrier = ReceptionParcel['carrier'];

/**
 * The label photo for the reception or a manager: names and addresses, so its links are bound to
 * the viewer's session `sid` (ADR 026) and stop working when they sign out.
 */
const labelPhoto = (p: ParcelRow, signer: UrlSigner, sid: number): ParcelLabelPhoto | null =>
  p.label_key && p.label_thumbnail_key
    ? { url: signer.boundUrl(p.label_key, sid)!, thumbnail: signer.boundUrl(p.label_thumbnail_key, sid)! }
    : null;

/** A parcel's fields for staff, without the label photo. */
const staffFields = (p: ParcelRow) => ({
  id: p.id,
  apartment_number: p.apartment_number,
  carrier: p.carrier as Carrier,
  pieces: p.pieces,
  storage_place: p.storage_place,
  note: p.note,
  tracking_number: p.tracking_number,
  status: p.status,
  logged_by: p.logged_by_name ?? null,
  logged_at: p.logged_at,
  handed_over_by: p.handed_over_by_name ?? null,
  handed_over_at: p.handed_over_at,
  handover_note: p.handover_note,
});

/** A parcel for an integration key: as managers read it, but never the label photo. */
export const toIntegrationParcel = (p: ParcelRow): IntegrationParcel => ({
  ...staffFields(p),
  location_id: p.location_id,
});

/** A parcel as the reception and managers read it (staff names, storage place, notes, the label photo). */
export function toReceptionParcel(p: ParcelRow, signer: UrlSigner, sid: number): ReceptionParcel {
  return {
    ...staffFields(p),
    label_photo: labelPhoto(p, signer, sid),
  };
}

export const toAdminParcel = (p: ParcelRow, signer: UrlSigner, sid: number) => ({
  ...toReceptionParcel(p, signer, sid),
  location_id: p.location_id,
});

/**
 * A parcel as its apartment's residents read it: no staff names, storage place or notes, and no
 * label photo (ADR 030): picking up needs only the code, and the label may name a flatmate, a
 * neighbour it was meant for, or another parcel lying beside it on the desk.
 */
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
