import type { Paginated, ReceptionParcel } from '@hausportal/contract';
import { config } from '@/config';
import { ApiError, OFFLINE_MESSAGE, api, getToken, isOnline, languageHeader } from '@/lib/api-client';

/** The carriers of the contract, written out so the screen does not pull in the contract's zod schemas. */
export const CARRIERS = ['DHL', 'Hermes', 'DPD', 'GLS', 'UPS', 'Amazon', 'Post', 'Sonstige'] as const;
export type Carrier = (typeof CARRIERS)[number];

export interface NewParcel {
  apartment: string;
  carrier: Carrier;
  pieces: number;
  storage_place: string;
  note: string;
  /** Left out for none; the server writes it large and without spaces. */
  tracking_number?: string;
}

/** An apartment the desk's type-ahead offers, with the names of its residents (reception only). */
export interface DeskApartment {
  apartment_number: string;
  open_parcels: number;
  residents: string[];
}

/** GET /api/reception/apartments/?q=: the type-ahead of the desk's location, by number or name. */
export async function searchApartments(q: string): Promise<DeskApartment[]> {
  const page = await api.get<Paginated<DeskApartment>>(`/api/reception/apartments/?q=${encodeURIComponent(q)}`);
  return page.results;
}

/** GET /api/reception/parcels/?status=open&apartment=|code=: the desk's open parcels. */
export async function getOpenParcels(search: { apartment?: string; code?: string } = {}): Promise<ReceptionParcel[]> {
  const params = new URLSearchParams({ status: 'open', page_size: '100' });
  if (search.apartment) params.set('apartment', search.apartment);
  if (search.code) params.set('code', search.code);
  const page = await api.get<Paginated<ReceptionParcel>>(`/api/reception/parcels/?${params.toString()}`);
  return page.results;
}

/**
 * POST /api/reception/parcels/ with an Idempotency-Key, so that a tablet on bad Wi-Fi that sends
 * again logs one parcel (201, then 200 with the same parcel). With a label photo the same fields
 * go as multipart next to the photo in `photo`; a retry sends the same bytes, so it stays one parcel.
 */
export async function logParcel(
  parcel: NewParcel,
  idempotencyKey: string,
  photo: File | null = null,
): Promise<ReceptionParcel> {
  if (!isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  const token = getToken();
  let body: string | FormData = JSON.stringify(parcel);
  if (photo) {
    body = new FormData();
    for (const [k, v] of Object.entries(parcel)) body.append(k, String(v));
    body.append('photo', photo, photo.name);
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiHost}/api/reception/parcels/`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        // FormData sets its own multipart type with the boundary.
        ...(photo ? {} : { 'Content-Type': 'application/json' }),
        'Idempotency-Key': idempotencyKey,
        ...languageHeader(),
        ...(token ? { Authorization: `Token ${token}` } : {}),
      },
      body,
    });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text);
  return JSON.parse(text) as ReceptionParcel;
}

/** POST /api/reception/parcels/handover/: with the code, or with a note. */
export function handOver(body: { apartment: string; code?: string; note?: string; ids?: number[] }) {
  return api.post<{ handed_over: ReceptionParcel[] }>('/api/reception/parcels/handover/', body);
}

/** The first German message of a DRF error body, or null. */
export function errorText(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  try {
    const body = JSON.parse(err.message) as Record<string, unknown>;
    for (const v of Object.values(body)) {
      if (typeof v === 'string') return v;
      if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
    }
  } catch {
    // not JSON
  }
  return null;
}
