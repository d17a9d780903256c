import { notFound } from '../../lib/errors.js';
import type { KeyCaller } from '../auth/auth-user.js';

/**
 * The locations an integration list covers: the one asked for with ?location_id= (404 when the
 * key lacks it, as for an id of a foreign location), otherwise every location of the key.
 */
export function keyLocations(key: KeyCaller, locationId: number | undefined): number[] {
  if (locationId === undefined) return [...key.locationIds];
  if (!key.locationIds.includes(locationId)) throw notFound();
  return [locationId];
}
