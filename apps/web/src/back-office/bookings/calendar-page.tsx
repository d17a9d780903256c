import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminBooking, BookingResource } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListLoadError } from '../components/load-error';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { s } from '../strings';
import { useBookingResourcesQuery, useWeekBookingsQuery, type BookingDecision } from './api';
import { BookingActions } from './booking-actions';
import {
  addDays,
  berlinDay,
  clock,
  dateOnly,
  dayAndMonth,
  daysOf,
  describePeriod,
  household,
  inFilter,
  isoWeek,
  longDay,
  mondayOf,
  weekday,
  severalLocations,
} from './format';
import { BookingsFrame } from './frame';
import { t } from './strings';
import { useBookingDecision } from './use-decision';

const ACTIVE = new Set(['pending', 'approved']);

/** The week in the URL (`?woche=` a Monday), so a reload or a link keeps it; this week by default. */
function useWeekParam(today: string): [string, (monday: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('woche');
  const monday = raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? mondayOf(raw) : null;
  const set = (next: string | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('woche', next);
      else updated.delete('woche');
      return updated;
    });
  return [monday ?? mondayOf(today), set];
}

// Beside the sidebar a week of eight columns needs about 640 px; below that the days stack.
const WIDE = '(min-width: 700px)';
function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const media = window.matchMedia(WIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
const wideNow = () => (typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(WIDE).matches);

/** A row of the grid: a resource of the filter, or one only its bookings name (archived since). */
interface Row {
  id: number;
  name: string;
  location_id: number;
  resource?: BookingResource;
}

function rowsOf(resources: BookingResource[], bookings: AdminBooking[]): Row[] {
  const rows: Row[] = resources.map((r) => ({ id: r.id, name: r.name, location_id: r.location_id, resource: r }));
  for (const b of bookings)
    if (!rows.some((r) => r.id === b.resource_id))
      rows.push({ id: b.resource_id, name: b.resource_name, location_id: b.location_id });
  return rows;
}

/**
 * A booking in a cell: its time (slots) or 'Anreise'/'Abreise' (whole days), the apartment, the
 * state when it is not simply booked; the whole sentence with the name for screen readers. The
 * day list (phones) shows the name too.
 */
function Chip({ booking, day, onOpen }: { booking: AdminBooking; day: string; onOpen: (b: AdminBooking) => void }) {
  const label = `${booking.resource_name}, ${describePeriod(booking)}, ${household(booking)}, ${booking.status_label}`;
  const edge =
    booking.mode === 'days'
      ? booking.check_in === day
        ? t.calendar.arrival
        : booking.check_out === day
          ? t.calendar.departure
          : null
      : null;
  return (
    <button
      type="button"
      className="booking-chip"
      data-status={booking.status}
      aria-label={label}
      aria-haspopup="dialog"
      onClick={() => onOpen(booking)}
    >
      {booking.mode === 'slots' ? (
        <span className="booking-chip-time">
          {clock(booking.starts_at)}–<wbr />
          {clock(booking.ends_at)}
        </span>
      ) : edge ? (
        <span className="booking-chip-time">{edge}</span>
      ) : null}
      <span className="admin-apartment">{booking.apartment_number}</span>
      <span className="booking-chip-name">{booking.resident_name || t.deletedPerson}</span>
      {booking.status !== 'approved' ? (
        <span className="booking-chip-status">{t.calendar.short[booking.status]}</span>
      ) : null}
    </button>
  );
}

function BlockMark({ reason }: { reason: string }) {
  return (
    <span className="booking-block-mark">
      {t.calendar.blocked}
      {reason ? <span className="booking-block-reason">{reason}</span> : null}
    </span>
  );
}

/** The days a booking shows on: its slot's day, or a stay's nights and its day of departure. */
function bookingsOn(list: AdminBooking[], day: string) {
  return list.filter((b) =>
    b.mode === 'days' && b.check_in && b.check_out
      ? b.check_in <= day && day <= b.check_out
      : daysOf(b.starts_at, b.ends_at).includes(day),
  );
}

function blocksOn(row: Row, day: string) {
  return (row.resource?.blocks ?? []).filter((b) => daysOf(b.starts_at, b.ends_at).includes(day));
}

/** The week as a table: a row per resource, a column per day. */
function WeekGrid({
  days,
  rows,
  bookings,
  today,
  caption,
  locationTitle,
  onOpen,
}: {
  days: string[];
  rows: Row[];
  bookings: AdminBooking[];
  today: string;
  caption: string;
  locationTitle: (id: number) => string | undefined;
  onOpen: (b: AdminBooking) => void;
}) {
  return (
    <div className="booking-week-scroll">
      <table className="booking-week">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="booking-week-resource">
              {t.calendar.resource}
            </th>
            {days.map((d) => (
              <th key={d} scope="col" aria-current={d === today ? 'date' : undefined}>
                <span aria-hidden="true" className="booking-week-day">
                  {weekday(d)}
                  <br />
                  {dayAndMonth(d)}
                </span>
                <span className="visually-hidden">{longDay(d)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const own = bookings.filter((b) => b.resource_id === row.id);
            return (
              <tr key={row.id}>
                <th scope="row" className="booking-week-resource">
                  {row.name}
                  {locationTitle(row.location_id) ? (
                    <span className="admin-cell-sub">{locationTitle(row.location_id)}</span>
                  ) : null}
                </th>
                {days.map((d) => {
                  const blocks = blocksOn(row, d);
                  const list = bookingsOn(own, d);
                  return (
                    <td key={d} className={d === today ? 'is-today' : undefined}>
                      {blocks.map((b) => (
                        <BlockMark key={`block-${b.id}`} reason={b.reason} />
                      ))}
                      {list.map((b) => (
                        <Chip key={b.id} booking={b} day={d} onOpen={onOpen} />
                      ))}
                      {blocks.length + list.length === 0 ? (
                        <span className="visually-hidden">{t.calendar.nothing}</span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The week as a list of days, for a phone: each day its bookings and blocks, resource by resource. */
function DayList({
  days,
  rows,
  bookings,
  today,
  onOpen,
}: {
  days: string[];
  rows: Row[];
  bookings: AdminBooking[];
  today: string;
  onOpen: (b: AdminBooking) => void;
}) {
  return (
    <ol className="booking-days">
      {days.map((d) => {
        const entries = rows.flatMap((row) => {
          const blocks = blocksOn(row, d);
          const list = bookingsOn(
            bookings.filter((b) => b.resource_id === row.id),
            d,
          );
          return blocks.length + list.length ? [{ row, blocks, list }] : [];
        });
        return (
          <li key={d} className="booking-day">
            <h3 aria-current={d === today ? 'date' : undefined}>{longDay(d)}</h3>
            {entries.length === 0 ? <p className="muted">{t.calendar.dayEmpty}</p> : null}
            {entries.map(({ row, blocks, list }) => (
              <div key={row.id} className="booking-day-resource">
                <p className="booking-day-name">{row.name}</p>
                {blocks.map((b) => (
                  <BlockMark key={`block-${b.id}`} reason={b.reason} />
                ))}
                {list.map((b) => (
                  <Chip key={b.id} booking={b} day={d} onOpen={onOpen} />
                ))}
              </div>
            ))}
          </li>
        );
      })}
    </ol>
  );
}

/** Who booked, when, what they wrote, and what the manager can do about it. */
function BookingDetails({
  booking,
  busy,
  onClose,
  onAct,
}: {
  booking: AdminBooking | null;
  busy: boolean;
  onClose: () => void;
  onAct: (b: AdminBooking, decision: BookingDecision) => void;
}) {
  const f = t.calendar.facts;
  return (
    <Modal
      open={booking !== null}
      title={booking ? t.calendar.detailsTitle(booking.resource_name) : ''}
      onClose={onClose}
    >
      {booking ? (
        <div className="stack">
          <dl className="admin-facts">
            <dt>{f.when}</dt>
            <dd>{describePeriod(booking)}</dd>
            <dt>{f.who}</dt>
            <dd>{household(booking)}</dd>
            <dt>{f.status}</dt>
            <dd>
              <StatusBadge status={booking.status} label={booking.status_label} />
            </dd>
            {booking.note ? (
              <>
                <dt>{f.note}</dt>
                <dd>{booking.note}</dd>
              </>
            ) : null}
            {booking.decision_reason ? (
              <>
                <dt>{f.reason}</dt>
                <dd>{booking.decision_reason}</dd>
              </>
            ) : null}
            <dt>{f.booked}</dt>
            <dd>{formatDateTime(booking.created_at)}</dd>
          </dl>
          <BookingActions booking={booking} busy={busy} onAct={onAct}>
            <button type="button" className="button" onClick={onClose}>
              {t.calendar.close}
            </button>
          </BookingActions>
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * 'Buchungskalender': a week of every resource of the filter, back and forward by week. Each
 * booking names its household and opens its details, where the manager approves, refuses or
 * cancels with a message; blocked periods show with their reason.
 */
export function CalendarPage() {
  const today = berlinDay(useNow());
  const [monday, setMonday] = useWeekParam(today);
  const [locationId] = useLocationFilter();
  const [showInactive, setShowInactive] = useState(false);
  const [open, setOpen] = useState<AdminBooking | null>(null);
  const wide = useSyncExternalStore(subscribe, wideNow, () => true);
  const checkboxId = useId();
  const { data: me } = useMeQuery();
  const resources = useBookingResourcesQuery();
  const week = useWeekBookingsQuery(monday);
  const decision = useBookingDecision();
  const thisMonday = mondayOf(today);
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(monday, i)), [monday]);
  const sunday = days[6]!;

  const bookings = inFilter(week.data ?? [], locationId).filter((b) => showInactive || ACTIVE.has(b.status));
  const rows = rowsOf(inFilter(resources.data?.results ?? [], locationId), bookings);
  const several = severalLocations(rows);
  const locationTitle = (id: number) => (several ? me?.locations.find((l) => l.id === id)?.title : undefined);
  const range = t.calendar.week(isoWeek(monday), dayAndMonth(monday), dateOnly(sunday));
  const caption = t.calendar.caption(dateOnly(monday), dateOnly(sunday));
  const act = (b: AdminBooking, d: BookingDecision) => {
    setOpen(null);
    decision.act(b, d);
  };

  const loading = resources.isLoading || week.isLoading;
  const failed = (resources.isError && !resources.data) || (week.isError && !week.data);
  return (
    <BookingsFrame title={t.pages.calendar}>
      <div className="booking-week-bar">
        <h2 className="booking-week-title" aria-live="polite">
          {range}
        </h2>
        <div className="button-row">
          <button type="button" className="button" onClick={() => setMonday(addDays(monday, -7))}>
            <span aria-hidden="true">← </span>
            <span>
              {t.calendar.previous} <span className="booking-wide-only">{t.calendar.weekWord}</span>
            </span>
          </button>
          <button
            type="button"
            className="button"
            disabled={monday === thisMonday}
            onClick={() => setMonday(undefined)}
          >
            {t.calendar.today}
          </button>
          <button type="button" className="button" onClick={() => setMonday(addDays(monday, 7))}>
            <span>
              {t.calendar.next} <span className="booking-wide-only">{t.calendar.weekWord}</span>
            </span>
            <span aria-hidden="true"> →</span>
          </button>
        </div>
      </div>
      <div className="booking-week-options">
        <label className="choice admin-checkbox" htmlFor={checkboxId}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={showInactive}
            onChange={(event) => setShowInactive(event.target.checked)}
          />
          <span>{t.calendar.showInactive}</span>
        </label>
        {week.data ? (
          <p className="muted" role="status">
            {t.calendar.count(bookings.length)}
          </p>
        ) : null}
      </div>
      {loading ? <Spinner label={s.loading} /> : null}
      {failed ? (
        <ListLoadError
          error={resources.error ?? week.error}
          onRetry={() => {
            void resources.refetch();
            void week.refetch();
          }}
        />
      ) : null}
      {!loading && !failed && rows.length === 0 ? (
        <div className="card stack">
          <p>{t.calendar.noResources}</p>
          <p>
            <Link className="button button-primary" to={withLocation('/admin/buchungen/ressourcen/neu', locationId)}>
              {t.calendar.createFirst}
            </Link>
          </p>
        </div>
      ) : null}
      {!loading && !failed && rows.length > 0 ? (
        wide ? (
          <WeekGrid
            days={days}
            rows={rows}
            bookings={bookings}
            today={today}
            caption={caption}
            locationTitle={locationTitle}
            onOpen={setOpen}
          />
        ) : (
          <DayList days={days} rows={rows} bookings={bookings} today={today} onOpen={setOpen} />
        )
      ) : null}
      <BookingDetails booking={open} busy={decision.busy} onClose={() => setOpen(null)} onAct={act} />
      <ConfirmDialog {...decision.dialog} />
    </BookingsFrame>
  );
}
