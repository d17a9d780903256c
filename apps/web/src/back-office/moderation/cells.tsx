import { formatDateTime, waitingTime } from '../lib/format';
import { s } from '../strings';

/** Who wrote it: name and apartment. */
export function AuthorCell({ name, apartment }: { name: string; apartment?: string }) {
  return (
    <>
      {name}
      {apartment ? <span className="admin-cell-sub admin-apartment">{s.moderation.apartment(apartment)}</span> : null}
    </>
  );
}

/** How long it has waited, and since when exactly (`now` from the tab, refreshed each minute). */
export function WaitingCell({ since, now }: { since: string; now: number }) {
  return (
    <>
      <strong>{waitingTime(since, now)}</strong>
      <span className="admin-cell-sub">
        <time dateTime={since}>{formatDateTime(since)}</time>
      </span>
    </>
  );
}
