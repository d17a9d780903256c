import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { TicketStatus } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { StatusBadge } from '../components/status-badge';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { t } from './strings';
import './tickets.css';

/** A ticket's status in words, coloured by how far it is. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge status={status} label={t.status[status]} />;
}

/** 'ohne Reaktion seit 48 h': a word, not colour alone, so it is read out and seen. */
export function StaleBadge() {
  return (
    <span className="ticket-stale-badge" title={t.staleHint}>
      <span aria-hidden="true">⚠</span> {t.staleLabel}
    </span>
  );
}

const views = [
  { path: '/admin/tickets', label: t.views.list, exact: true },
  { path: '/admin/tickets/board', label: t.views.board },
  { path: '/admin/tickets/categories', label: t.views.categories },
  { path: '/admin/tickets/stats', label: t.views.stats },
] as const;

/** The views of the ticket screen as links (each its own URL), the current one marked. */
function TicketViews() {
  const { pathname } = useLocation();
  const [locationId] = useLocationFilter();
  return (
    <nav className="ticket-views" aria-label={t.views.label}>
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
          </Link>
        );
      })}
    </nav>
  );
}

/** A view of the ticket screen: its title, 'Meldung erfassen' beside it, and the views under it. */
export function TicketsFrame({ title, children }: { title: string; children: ReactNode }) {
  const [locationId] = useLocationFilter();
  return (
    <AdminPage
      title={title}
      actions={
        <Link className="button button-primary" to={withLocation('/admin/tickets/new', locationId)}>
          {t.create}
        </Link>
      }
    >
      <TicketViews />
      {children}
    </AdminPage>
  );
}
