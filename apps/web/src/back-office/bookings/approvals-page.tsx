import { Link } from 'react-router';
import type { AdminBooking } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListLoadError } from '../components/load-error';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import { usePendingBookingsQuery } from './api';
import { BookingActions } from './booking-actions';
import { describePeriod, household, inFilter, severalLocations } from './format';
import { BookingsFrame } from './frame';
import { t } from './strings';
import { useBookingDecision } from './use-decision';

function PendingCard({
  booking,
  locationTitle,
  busy,
  onAct,
}: {
  booking: AdminBooking;
  locationTitle?: string;
  busy: boolean;
  onAct: ReturnType<typeof useBookingDecision>['act'];
}) {
  const headingId = `pending-${booking.id}`;
  return (
    <li className="card booking-card">
      <h3 id={headingId} className="booking-card-title">
        {booking.resource_name}
        {locationTitle ? <span className="muted"> · {locationTitle}</span> : null}
      </h3>
      <p className="booking-card-when">{describePeriod(booking)}</p>
      <p>
        {household(booking)} <StatusBadge status={booking.status} label={booking.status_label} />
      </p>
      {booking.note ? <p className="admin-quote">{booking.note}</p> : null}
      <p className="muted">{t.approvals.requested(formatDateTime(booking.created_at))}</p>
      <BookingActions booking={booking} busy={busy} onAct={onAct} />
    </li>
  );
}

/** 'Buchungen zur Freigabe': what residents asked for on resources that need a manager's yes. */
export function ApprovalsPage() {
  const [locationId] = useLocationFilter();
  const { data: me } = useMeQuery();
  const pending = usePendingBookingsQuery();
  const decision = useBookingDecision();
  const rows = inFilter(pending.data ?? [], locationId);
  const several = severalLocations(rows);
  const titleOf = (id: number) => (several ? me?.locations.find((l) => l.id === id)?.title : undefined);
  return (
    <BookingsFrame title={t.pages.approvals}>
      <p className="muted booking-intro">{t.approvals.intro}</p>
      <section aria-labelledby="bookings-pending" className="stack">
        <h2 id="bookings-pending">{t.approvals.heading}</h2>
        {pending.isLoading ? <Spinner label={s.loading} /> : null}
        {pending.isError && !pending.data ? <ListLoadError error={pending.error} onRetry={pending.refetch} /> : null}
        {pending.data && rows.length === 0 ? <p className="empty">{t.approvals.empty}</p> : null}
        {rows.length ? (
          <ul className="booking-cards" aria-labelledby="bookings-pending">
            {rows.map((b) => (
              <PendingCard
                key={b.id}
                booking={b}
                locationTitle={titleOf(b.location_id)}
                busy={decision.busy}
                onAct={decision.act}
              />
            ))}
          </ul>
        ) : null}
        <p className="admin-link-line">
          <Link to={withLocation('/admin/buchungen/kalender', locationId)}>{t.approvals.toCalendar}</Link>
        </p>
      </section>
      <ConfirmDialog {...decision.dialog} />
    </BookingsFrame>
  );
}
