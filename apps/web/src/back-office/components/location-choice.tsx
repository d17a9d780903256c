import { useId, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { errorMessage } from '../lib/errors';
import { useLocationFilter } from '../lib/list-params';
import { s } from '../strings';

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

type WorkingLocation = NonNullable<ReturnType<typeof useWorkingLocation>['location']>;

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

/**
 * The body of a screen that works on one location at a time: the choice of location, then the
 * screen's part for it, or why there is none yet.
 */
export function ForWorkingLocation({
  none,
  children,
}: {
  /** What a caller without a location reads. */
  none: string;
  children: (location: WorkingLocation) => ReactNode;
}) {
  const { location, isLoading, isError, error } = useWorkingLocation();
  return (
    <>
      <LocationChoice />
      {isLoading ? <Spinner label={s.loading} /> : null}
      {isError ? (
        <p className="form-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      {!isLoading && !isError && !location ? <p className="empty">{none}</p> : null}
      {location ? children(location) : null}
    </>
  );
}
