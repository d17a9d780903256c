import { useEffect, useState } from 'react';
import type { ParcelSummary } from '@hausportal/contract';
import { api } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';

/** GET /api/parcels/: the own apartment's parcels and pickup code (home card and 'Pakete'). */
export function getMyParcels(): Promise<ParcelSummary> {
  return api.get<ParcelSummary>('/api/parcels/');
}

/** The apartment's parcels, loaded once shown (and again when the phone is back online). */
export function useMyParcels(): ParcelSummary | null {
  const [data, setData] = useState<ParcelSummary | null>(null);
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    let live = true;
    getMyParcels()
      .then((d) => live && setData(d))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online]);
  return data;
}
