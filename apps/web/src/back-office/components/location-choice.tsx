import { useId } from 'react';
import { useMeQuery } from '../api/admin-api';
import { useLocationFilter } from '../lib/list-params';

/**
 * The one location a screen works on (phones, a location's settings): the shell's filter when
 * it names one of the caller's locations, else the first of them. Undefined until /me/ answers.
 */
export function useWorkingLocation() {
  const { data: me, isLoading, isError, error, refetch } = useMeQuery();
  const [filter, setFilter] = useLocationFilter();
  const locations = me?.locations ?? [];
  const location = locations.find((l) => l.id === filter) ?? locations[0];
  return { me, location, locations, setLocationId: setFilter, isLoading, isError, error, refetch };
}

/** One option per location, its id as the value. */
export function LocationOptions({ locations }: { locations: readonly { id: number; title: string }[] }) {
  return locations.map((l) => (
    <option key={l.id} value={l.id}>
      {l.title}
    </option>
  ));
}

/**
 * A select of the caller's locations for a screen that shows one location at a time; it writes
 * the shell's `?location_id=`, so the top bar and this select agree. Hidden with one location.
 */
export function LocationChoice({ label = 'Standort' }: { label?: string }) {
  const { location, locations, setLocationId } = useWorkingLocation();
  const id = useId();
  if (locations.length < 2 || !location) return null;
  return (
    <div className="field admin-location-choice">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="admin-select"
        value={String(location.id)}
        onChange={(event) => setLocationId(Number(event.target.value))}
      >
        <LocationOptions locations={locations} />
      </select>
    </div>
  );
}
