import { errorMessage } from '../lib/errors';
import { s } from '../strings';

function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <button type="button" className="button" onClick={() => void onRetry()}>
      {s.table.retry}
    </button>
  );
}

/** A list whose first page did not arrive: that it failed, why, and 'Erneut versuchen'. */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  return (
    <div className="card admin-table-error" role="alert">
      <p>{s.table.failed}</p>
      <p className="muted">{errorMessage(error)}</p>
      <RetryButton onRetry={onRetry} />
    </div>
  );
}

/**
 * One record (a resident, a service, a mail) that did not arrive. A 404, or an id that cannot be
 * one (`missing`), says `notFound` without a retry, which could not help; anything else says why
 * and offers 'Erneut versuchen'.
 */
export function RecordLoadError({
  error,
  notFound,
  missing = false,
  onRetry,
}: {
  error: unknown;
  notFound: string;
  missing?: boolean;
  onRetry: () => unknown;
}) {
  const gone = missing || (error as { status?: number } | undefined)?.status === 404;
  return (
    <div className="card admin-table-error" role="alert">
      <p>{gone ? notFound : errorMessage(error)}</p>
      {gone ? null : <RetryButton onRetry={onRetry} />}
    </div>
  );
}

/** What is shown is from before: refreshing it failed. Why, and 'Erneut versuchen' beside it. */
export function RefreshError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  return (
    <div className="form-error" role="alert">
      {errorMessage(error)}{' '}
      <button type="button" className="button button-small" onClick={() => void onRetry()}>
        {s.table.retry}
      </button>
    </div>
  );
}
