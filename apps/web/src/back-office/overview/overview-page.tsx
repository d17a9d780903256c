import { Link } from 'react-router';
import type { AdminOverviewLocation } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { ListLoadError } from '../components/load-error';
import { useLocationFilter } from '../lib/list-params';
import { useOverviewQuery } from './api';
import { t } from './strings';
import './overview.css';

interface Line {
  count: number;
  text: (n: number) => string;
  /** The list that shows these items, filtered to the location. */
  to: string;
  /** Needs doing now (red), rather than worth a look. */
  urgent?: boolean;
}

/** The lines of one location, in groups; a line with nothing waiting is left out. */
function groupsOf(l: AdminOverviewLocation): { title: string; lines: Line[] }[] {
  const at = (path: string, filter = '') => `${path}?location_id=${l.id}${filter}`;
  return [
    {
      title: t.groups.moderation,
      lines: [
        { count: l.pending_messages, text: t.lines.pendingMessages, to: at('/admin/moderation') },
        { count: l.pending_comments, text: t.lines.pendingComments, to: at('/admin/moderation', '&tab=comments') },
        { count: l.open_reports, text: t.lines.openReports, to: at('/admin/moderation', '&tab=reports'), urgent: true },
      ],
    },
    {
      title: t.groups.tickets,
      lines: [
        { count: l.new_tickets, text: t.lines.newTickets, to: at('/admin/tickets', '&status=received') },
        { count: l.stale_tickets, text: t.lines.staleTickets, to: at('/admin/tickets', '&stale=true'), urgent: true },
      ],
    },
    {
      title: t.groups.people,
      lines: [
        { count: l.failed_emails, text: t.lines.failedEmails, to: at('/admin/emails', '&status=failed'), urgent: true },
        { count: l.never_signed_in, text: t.lines.neverSignedIn, to: at('/admin/residents', '&status=never') },
        { count: l.invited, text: t.lines.invited, to: at('/admin/residents', '&status=invited') },
      ],
    },
    {
      title: t.groups.notices,
      lines: [{ count: l.notices_ending, text: t.lines.noticesEnding, to: at('/admin/notices') }],
    },
    {
      title: t.groups.bookings,
      lines: [{ count: l.pending_bookings, text: t.lines.pendingBookings, to: at('/admin/buchungen') }],
    },
    {
      title: t.groups.parcels,
      lines: [{ count: l.parcels_waiting, text: t.lines.parcelsWaiting, to: at('/admin/pakete', '&view=waiting') }],
    },
  ]
    .map((g) => ({ ...g, lines: g.lines.filter((line) => line.count > 0) }))
    .filter((g) => g.lines.length > 0);
}

function LocationOverview({ location, headingLevel }: { location: AdminOverviewLocation; headingLevel: 2 | 3 }) {
  const groups = groupsOf(location);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `overview-${location.id}`;
  return (
    <section className="card overview-location" aria-labelledby={headingId}>
      <Heading id={headingId}>{location.title}</Heading>
      {groups.length === 0 ? <p className="overview-done">{t.allDone}</p> : null}
      {groups.map((g) => (
        <div key={g.title} className="overview-group">
          <p className="overview-group-title">{g.title}</p>
          <ul className="overview-lines">
            {g.lines.map((line) => (
              <li key={line.to}>
                <Link className={`overview-line${line.urgent ? ' overview-urgent' : ''}`} to={line.to}>
                  {/* The number once, large; the sentence without it, which screen readers hear whole. */}
                  <span className="overview-count" aria-hidden="true">
                    {line.count}
                  </span>
                  <span className="visually-hidden">{line.text(line.count)}</span>
                  <span aria-hidden="true">{line.text(line.count).replace(/^\d+ /, '')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * /admin/uebersicht, the back office's start page: for each location in the shell's
 * filter, what waits for the manager today, each line a link to the list with those items.
 */
export default function OverviewPage() {
  const [locationId] = useLocationFilter();
  const { data, isLoading, isError, error, refetch } = useOverviewQuery(locationId ? { location_id: locationId } : {}, {
    refetchOnMountOrArgChange: 30,
  });
  const locations = data?.locations ?? [];
  return (
    <AdminPage title={t.title}>
      <p className="muted">{t.intro}</p>
      {isLoading ? <Spinner label={t.loading} /> : null}
      {isError && !data ? <ListLoadError error={error} onRetry={refetch} /> : null}
      <div className="overview-grid">
        {locations.map((l) => (
          <LocationOverview key={l.id} location={l} headingLevel={2} />
        ))}
      </div>
    </AdminPage>
  );
}
