import { useResidentsLocationQuery } from './api';

/**
 * The apartment-number prefix of a location (ADR 028), or null when it has none or none is
 * chosen yet: the resident form and the import name it next to the apartment number.
 */
export function useApartmentPrefix(locationId: number | null | undefined): string | null {
  const { data } = useResidentsLocationQuery(locationId ?? 0, { skip: !locationId });
  return locationId && data?.id === locationId ? data.apartment_prefix : null;
}
