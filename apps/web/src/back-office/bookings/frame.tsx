import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AdminPage } from '../components/admin-page';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { usePendingBookingsQuery } from './api';
import { inFilter } from './format';
import { t } from './strings';
import '../components/screens.css';
import './bookings.css';

const views = [
  { path: '/admin/buchungen', label: t.views.approvals, exact: true },
  { path: '/admin/buchungen/kalender', label: t.views.calendar },
  { path: '/admin/buchungen/ressourcen', label: t.views.resources },
  { path: '/admin/buchungen/auslastung', label: t.views.usage },
] as const;

/** The parts of 'Buchungen' as links (each its own URL), the current one marked. */
function BookingViews() {
  const { pathname } = useLocation();
  const [locationId] = useLocationFilter();
  // The approvals' tab counts what waits, on every part (one cached request).
  const { data: pending } = usePendingBookingsQuery();
  const pendingCount = inFilter(pending ?? [], locationId).length;
  return (
    <nav className="booking-views" aria-label={t.views.label}>
      {views.map((view) => {
        const current = 'exact' in view ? pathname === view.path : pathname.startsWith(view.path);
        return (
          <Link
            key={view.path}
            to={withLocation(view.path, locationId)}
            className="admin-tab"
            aria-current={current ? 'page' : undefined}
          >
            {view.label}
            {/* A space for the accessible name ('Freigaben (2 warten)'); the flex layout drops it. */}
            {view.path === '/admin/buchungen' && pendingCount ? ' ' : null}
            {view.path === '/admin/buchungen' && pendingCount ? (
              <span className="admin-tab-count">
                <span aria-hidden="true">{pendingCount}</span>
                <span className="visually-hidden">{t.views.pending(pendingCount)}</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
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
