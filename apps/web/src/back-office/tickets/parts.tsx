import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TicketStatus } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { StatusBadge } from '../components/status-badge';
import { ViewTabs, type ViewTab } from '../components/view-tabs';
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

/** The views of the ticket screen, each its own URL. */
const views: readonly ViewTab[] = [
  { path: '/admin/tickets', label: t.views.list, exact: true },
  { path: '/admin/tickets/board', label: t.views.board },
  { path: '/admin/tickets/categories', label: t.views.categories },
  { path: '/admin/tickets/stats', label: t.views.stats },
];

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
      <ViewTabs className="ticket-views" label={t.views.label} views={views} />
      {children}
    </AdminPage>
  );
}
