import type { ParcelSummary } from '@hausportal/contract';
import { api } from '@/lib/api-client';
import { remoteCache, useRemote, type Remote } from '@/lib/use-remote';

/** GET /api/parcels/: the own apartment's parcels and pickup code (home card and 'Pakete'). */
export function getMyParcels(): Promise<ParcelSummary> {
  return api.get<ParcelSummary>('/api/parcels/');
}

/** The resident's own parcels and code stay readable offline, at the desk in a basement too. */
export const myParcelsStored = remoteCache('parcels')<ParcelSummary>('mine');

/** The apartment's parcels, loaded once shown (and again when the phone is back online). */
export function useMyParcels(): Remote<ParcelSummary> {
  return useRemote(myParcelsStored, getMyParcels);
}
