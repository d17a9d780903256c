import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { ListLoadError } from '../components/load-error';
import { useLocationFilter } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { s } from '../strings';
import { useBookingResourcesQuery, useBookingUsageQuery } from './api';
import { addMonths, berlinDay, inFilter, monthLabel, severalLocations } from './format';
import { BookingsFrame } from './frame';
import { t } from './strings';

const u = t.usage;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month in the URL (`?monat=2026-03`), this month by default. */
function useMonthParam(thisMonth: string): [string, (month: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('monat');
  const set = (next: string | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('monat', next);
      else updated.delete('monat');
      return updated;
    });
  return [raw && MONTH.test(raw) ? raw : thisMonth, set];
}

/**
 * 'Auslastung': per resource and month, the approved bookings, the time they hold (hours for
 * slots, nights for whole days) and how many households booked.
 */
export function UsagePage() {
  const thisMonth = berlinDay(useNow()).slice(0, 7);
  const [month, setMonth] = useMonthParam(thisMonth);
  const [locationId] = useLocationFilter();
  const inputId = useId();
  const { data: me } = useMeQuery();
  const usage = useBookingUsageQuery(month);
  // The usage rows do not say how a resource is booked; the resources do.
  const resources = useBookingResourcesQuery();
  const rows = inFilter(usage.data?.resources ?? [], locationId);
  const several = severalLocations(rows);
  const label = monthLabel(month);
  const modeOf = (id: number) => resources.data?.results.find((r) => r.id === id)?.mode ?? 'slots';

  return (
    <BookingsFrame title={t.pages.usage}>
      <p className="muted booking-intro">{u.intro}</p>
      <h2 className="booking-week-title" aria-live="polite">
        {label}
      </h2>
      <div className="booking-month-bar">
        <div className="button-row">
          <button type="button" className="button" onClick={() => setMonth(addMonths(month, -1))}>
            <span aria-hidden="true">← </span>
            <span>
              {u.previous} <span className="booking-wide-only">{u.monthWord}</span>
            </span>
          </button>
          <button type="button" className="button" onClick={() => setMonth(addMonths(month, 1))}>
            <span>
              {u.next} <span className="booking-wide-only">{u.monthWord}</span>
            </span>
            <span aria-hidden="true"> →</span>
          </button>
          <button type="button" className="button" disabled={month === thisMonth} onClick={() => setMonth(undefined)}>
            {u.current}
          </button>
        </div>
        <div className="field booking-month-field">
          <label htmlFor={inputId}>{u.month}</label>
          <input
            id={inputId}
            type="month"
            value={month}
            onChange={(event) => {
              if (MONTH.test(event.target.value)) setMonth(event.target.value);
            }}
          />
        </div>
      </div>
      {usage.isLoading ? <Spinner label={s.loading} /> : null}
      {usage.isError && !usage.data ? <ListLoadError error={usage.error} onRetry={usage.refetch} /> : null}
      {usage.data && rows.length === 0 ? <p className="empty">{u.empty}</p> : null}
      {usage.data && rows.length > 0 ? (
        <div className="admin-table-block">
          <div className="admin-table-scroll">
            <table className="admin-table booking-usage" aria-busy={usage.isFetching || undefined}>
              <caption className="visually-hidden">{u.caption(label)}</caption>
              <thead>
                <tr>
                  <th scope="col">{u.columns.resource}</th>
                  {several ? <th scope="col">{u.columns.location}</th> : null}
                  <th scope="col" className="admin-number">
                    {u.columns.bookings}
                  </th>
                  <th scope="col" className="admin-number">
                    {u.columns.time}
                  </th>
                  <th scope="col" className="admin-number">
                    {u.columns.households}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.resource_id}>
                    <th scope="row">{row.name}</th>
                    {several ? (
                      <td>{me?.locations.find((l) => l.id === row.location_id)?.title ?? `#${row.location_id}`}</td>
                    ) : null}
                    <td className="admin-number">{row.bookings}</td>
                    <td className="admin-number">
                      {modeOf(row.resource_id) === 'days' ? u.nights(Math.round(row.hours / 24)) : u.hours(row.hours)}
                    </td>
                    <td className="admin-number">{row.households}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </BookingsFrame>
  );
}
