import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { AdminTicketListItem, TicketStatus } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { ListLoadError } from '../components/load-error';
import { errorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { s } from '../strings';
import { useSetTicketStatusMutation, useTicketBoardQuery } from './api';
import { placeOf, reporterLine, ticketAge } from './format';
import { StaleBadge, TicketsFrame } from './parts';
import { settableStatuses, StatusDialog, type StatusTarget } from './status-dialog';
import { t } from './strings';

/** A card's own status select: 'Verschieben' moves it; a rejection asks for its reason first. */
function MoveForm({
  ticket,
  busy,
  onMove,
}: {
  ticket: AdminTicketListItem;
  busy: boolean;
  onMove: (status: TicketStatus) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  return (
    <form
      className="ticket-card-move"
      onSubmit={(event) => {
        event.preventDefault();
        if (status !== ticket.status) onMove(status);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t.board.moveLabel(ticket.number)}
      </label>
      <select
        id={id}
        className="admin-select"
        value={status}
        onChange={(event) => setStatus(event.target.value as TicketStatus)}
      >
        {settableStatuses(ticket.status).map((value) => (
          <option key={value} value={value}>
            {t.status[value]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button-small"
        disabled={busy || status === ticket.status}
        aria-busy={busy}
      >
        {t.board.move}
        <span className="visually-hidden">: {ticket.number}</span>
      </button>
    </form>
  );
}

function Card({
  ticket,
  now,
  locationId,
  showLocation,
  busy,
  onMove,
}: {
  ticket: AdminTicketListItem;
  now: number;
  locationId?: number;
  showLocation: boolean;
  busy: boolean;
  onMove: (ticket: AdminTicketListItem, status: TicketStatus) => void;
}) {
  const { scope, place } = placeOf(ticket);
  return (
    <li className={`ticket-card${ticket.stale ? ' ticket-card-stale' : ''}`} data-card={ticket.id}>
      <h3 className="ticket-card-title">
        <Link to={withLocation(`/admin/tickets/${ticket.id}`, locationId)} aria-label={t.ticket.title(ticket.number)}>
          {ticket.number}
        </Link>
      </h3>
      <p className="ticket-card-category">{ticket.category_name}</p>
      <p className="muted">
        {scope}
        {place ? `: ${place}` : ''}
        {showLocation ? <span className="admin-cell-sub">{ticket.location_title}</span> : null}
      </p>
      <p className="ticket-card-excerpt">{ticket.excerpt}</p>
      <p className="admin-cell-sub">
        {reporterLine(ticket.reporter)}
        {ticket.affected_count > 1 ? ` · ${t.affected(ticket.affected_count)}` : ''}
      </p>
      <p className="admin-cell-sub">
        <time dateTime={ticket.created_at} title={formatDateTime(ticket.created_at)}>
          {ticketAge(ticket.created_at, now)}
        </time>
        {' · '}
        {ticket.assignee?.name ?? t.noAssignee}
      </p>
      {ticket.stale ? <StaleBadge /> : null}
      <MoveForm key={ticket.status} ticket={ticket} busy={busy} onMove={(status) => onMove(ticket, status)} />
    </li>
  );
}

/** The board: a column per status with its count and cards, moved with each card's status select. */
export function TicketBoardPage() {
  const [locationId] = useLocationFilter();
  const { data, isLoading, isError, error, refetch, isFetching } = useTicketBoardQuery(
    locationId ? { location_id: locationId } : {},
  );
  const [setStatus, statusState] = useSetTicketStatusMutation();
  const [rejecting, setRejecting] = useState<StatusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const board = useRef<HTMLDivElement>(null);
  const now = useNow();
  const { data: me } = useMeQuery();
  const showLocation = !locationId && (me?.locations.length ?? 0) > 1;

  // A moved card changes column: its link gets the focus back once the board shows it there.
  useEffect(() => {
    if (focusId === null || !board.current) return;
    const link = board.current.querySelector<HTMLAnchorElement>(`[data-card="${focusId}"] a`);
    link?.focus();
  }, [focusId, data]);

  const move = async (ticket: AdminTicketListItem, status: TicketStatus) => {
    if (status === 'rejected') {
      setRejecting({ id: ticket.id, number: ticket.number, status: ticket.status, proposed: 'rejected' });
      return;
    }
    try {
      await setStatus({ id: ticket.id, status, message: '' }).unwrap();
      setFocusId(ticket.id);
      setAnnouncement(t.board.moved(ticket.number, t.status[status]));
      toast.success(t.board.moved(ticket.number, t.status[status]));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <TicketsFrame title={t.board.title}>
      <p className="muted">{t.board.intro}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {isLoading ? <Spinner label={s.loading} /> : null}
      {isError && !data ? <ListLoadError error={error} onRetry={refetch} /> : null}
      {data ? (
        <div className="ticket-board" ref={board} aria-busy={isFetching || undefined}>
          {data.columns.map((column) => (
            <section key={column.status} className="ticket-column" aria-labelledby={`column-${column.status}`}>
              <h2 id={`column-${column.status}`} className="ticket-column-head">
                <span>{t.status[column.status]}</span>
                <span className="admin-tab-count">{column.count}</span>
              </h2>
              {column.results.length === 0 ? (
                <p className="muted ticket-column-empty">{t.board.none}</p>
              ) : (
                <ul className="ticket-cards">
                  {column.results.map((ticket) => (
                    <Card
                      key={ticket.id}
                      ticket={ticket}
                      now={now}
                      locationId={locationId}
                      showLocation={showLocation}
                      busy={statusState.isLoading}
                      onMove={(row, status) => void move(row, status)}
                    />
                  ))}
                </ul>
              )}
              {column.count > column.results.length ? (
                <Link
                  className="ticket-column-more"
                  to={`${withLocation('/admin/tickets', locationId)}${locationId ? '&' : '?'}status=${column.status}`}
                >
                  {t.board.moreInList(column.count - column.results.length)}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
      ) : null}
      <StatusDialog
        target={rejecting}
        onClose={() => {
          if (rejecting) setFocusId(rejecting.id);
          setRejecting(null);
        }}
      />
    </TicketsFrame>
  );
}
