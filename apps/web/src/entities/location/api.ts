import type { Location } from '@hausportal/contract';
import { api } from '@/lib/api-client';

/** GET /api/location/: the signed-in user's building. */
export function getLocation(): Promise<Location> {
  return api.get<Location>('/api/location/');
}
