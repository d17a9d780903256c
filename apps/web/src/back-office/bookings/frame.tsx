import type { ReactNode } from 'react';
import { AdminPage } from '../components/admin-page';
import { ViewTabs, type ViewTab } from '../components/view-tabs';
import { useLocationFilter } from '../lib/list-params';
import { usePendingBookingsQuery } from './api';
import { inFilter } from './format';
import { t } from './strings';
import '../components/screens.css';
import './bookings.css';

/** The parts of 'Buchungen' as links (each its own URL), the current one marked. */
function BookingViews() {
  const [locationId] = useLocationFilter();
  // The approvals' tab counts what waits, on every part (one cached request).
  const { data: pending } = usePendingBookingsQuery();
  const pendingCount = inFilter(pending ?? [], locationId).length;
  // The space before the count is for the accessible name ('Freigaben (2 warten)'); the flex
  // layout drops it.
  const badge = pendingCount ? (
    <>
      {' '}
      <span className="admin-tab-count">
        <span aria-hidden="true">{pendingCount}</span>
        <span className="visually-hidden">{t.views.pending(pendingCount)}</span>
      </span>
    </>
  ) : null;
  const views: ViewTab[] = [
    { path: '/admin/buchungen', label: t.views.approvals, exact: true, badge },
    { path: '/admin/buchungen/kalender', label: t.views.calendar },
    { path: '/admin/buchungen/ressourcen', label: t.views.resources },
    { path: '/admin/buchungen/auslastung', label: t.views.usage },
  ];
  return <ViewTabs className="booking-views" label={t.views.label} views={views} />;
}

/** A part of 'Buchungen': the title 'Buchungen', its parts under it, then the part itself. */
export function BookingsFrame({
  title = t.title,
  actions,
  children,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminPage title={title} actions={actions}>
      <BookingViews />
      {children}
    </AdminPage>
  );
}
