import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { OPEN_TICKET_STATUSES, type AdminTicket } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { RecordLoadError } from '../components/load-error';
import { formatDateTime } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import { AcceptancePanel } from './acceptance-panel';
import { useTicketLocationQuery, useTicketQuery } from './api';
import { AssignmentPanel } from './assignment-panel';
import { BuildingPanel } from './building-panel';
import { placeOf } from './format';
import { MergeDialog } from './merge-dialog';
import { StaleBadge, TicketStatusBadge } from './parts';
import { StatusDialog, type StatusTarget } from './status-dialog';
import { t } from './strings';
import { TicketPhotos } from './ticket-photos';
import { Composer, Timeline } from './ticket-timeline';
import '../components/screens.css';

function Facts({ ticket, building }: { ticket: AdminTicket; building: string }) {
  const { scope, place } = placeOf(ticket);
  return (
    <dl className="admin-facts ticket-facts">
      <dt>{t.ticket.location}</dt>
      <dd>
        {ticket.location_title}
        {building ? `, ${building}` : ''}
      </dd>
      <dt>{t.ticket.place}</dt>
      <dd>
        {t.scopeLong[ticket.scope] ?? scope}
        {place ? `: ${place}` : ''}
      </dd>
      <dt>{t.ticket.category}</dt>
      <dd>{ticket.category_name}</dd>
      <dt>{t.ticket.created}</dt>
      <dd>
        <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
      </dd>
      <dt>{t.ticket.reporter}</dt>
      <dd>
        {ticket.reporter ? (
          <>
            {ticket.reporter.name},{' '}
            <span className="admin-apartment">{t.apartment(ticket.reporter.apartment_number)}</span>
          </>
        ) : (
          t.noReporter
        )}
      </dd>
      <dt>{t.ticket.affected}</dt>
      <dd>{t.affected(ticket.affected_count)}</dd>
      <dt>{t.ticket.source}</dt>
      <dd>{t.source[ticket.source] ?? ticket.source}</dd>
      <dt>{t.ticket.contact}</dt>
      <dd>{ticket.contact_consent ? t.ticket.consent(ticket.contact_phone) : t.ticket.noConsent}</dd>
    </dl>
  );
}

function StatusPanel({ ticket, canChange }: { ticket: AdminTicket; canChange: boolean }) {
  const id = useId();
  const [target, setTarget] = useState<StatusTarget | null>(null);
  return (
    <section className="card stack admin-side-card" aria-labelledby={id}>
      <h2 id={id}>{t.statusChange.heading}</h2>
      <p className="ticket-status-cell">
        <TicketStatusBadge status={ticket.status} />
        {ticket.stale ? <StaleBadge /> : null}
      </p>
      {canChange ? (
        <div className="admin-action-list">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setTarget({ id: ticket.id, number: ticket.number, status: ticket.status })}
          >
            {t.statusChange.change}
          </button>
        </div>
      ) : null}
      <StatusDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}

function MergePanel({ ticket }: { ticket: AdminTicket }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="card stack admin-side-card" aria-labelledby={id}>
      <h2 id={id}>{t.merge.heading}</h2>
      <p className="muted">{t.merge.intro}</p>
      <div className="admin-action-list">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t.merge.open}
        </button>
      </div>
      <MergeDialog ticket={ticket} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

function RatingPanel({ rating }: { rating: NonNullable<AdminTicket['rating']> }) {
  const id = useId();
  return (
    <section className="card stack admin-side-card" aria-labelledby={id}>
      <h2 id={id}>{t.ticket.rating}</h2>
      <p>
        <span className="ticket-stars" aria-hidden="true">
          {'★'.repeat(rating.stars)}
          {'☆'.repeat(Math.max(0, 5 - rating.stars))}
        </span>{' '}
        {t.ticket.stars(rating.stars)}
      </p>
      {rating.text ? (
        <blockquote className="admin-quote">{rating.text}</blockquote>
      ) : (
        <p className="muted">{t.ticket.noRatingText}</p>
      )}
    </section>
  );
}

function ReceiptPanel({ hash }: { hash: string }) {
  const id = useId();
  return (
    <section className="card stack admin-side-card" aria-labelledby={id}>
      <h2 id={id}>{t.ticket.receipt}</h2>
      <p className="muted">{t.ticket.receiptHash}</p>
      <code className="ticket-hash">{hash}</code>
      <p className="field-hint">{t.ticket.receiptHint}</p>
    </section>
  );
}

function TicketView({ ticket, locationId }: { ticket: AdminTicket; locationId?: number }) {
  const descriptionId = useId();
  const merged = ticket.merged_into;
  // Merging removes the controls that had the focus; the note saying where the ticket went takes it.
  const mergedNote = useRef<HTMLDivElement>(null);
  const wasMerged = useRef(Boolean(merged));
  useEffect(() => {
    if (merged && !wasMerged.current) mergedNote.current?.focus();
    wasMerged.current = Boolean(merged);
  }, [merged]);
  const open = OPEN_TICKET_STATUSES.includes(ticket.status);
  const editable = !merged;
  // The location's buildings (for 'Gebäude / Aufgang') and its automatic acceptance.
  const { data: location } = useTicketLocationQuery(ticket.location_id);
  const buildings = location?.buildings ?? [];
  const building = buildings.find((b) => b.id === ticket.building_id)?.name ?? '';
  return (
    <div className="admin-two-columns ticket-layout">
      <div className="stack-lg">
        {merged ? (
          <div className="card ticket-merged-note" role="note" ref={mergedNote} tabIndex={-1}>
            <p>{t.ticket.mergedText(merged.number)}</p>
            <Link to={withLocation(`/admin/tickets/${merged.id}`, locationId)}>
              {t.ticket.mergedLink(merged.number)}
            </Link>
          </div>
        ) : null}
        {ticket.stale ? (
          <p className="ticket-stale-summary ticket-stale-note">
            <span aria-hidden="true">⚠ </span>
            {t.ticket.stale}
          </p>
        ) : null}
        {ticket.status === 'reported_done' && editable ? (
          <AcceptancePanel ticket={ticket} autoAcceptDays={location?.auto_accept_days ?? null} />
        ) : null}
        <section className="card stack" aria-label={t.ticket.facts}>
          <Facts ticket={ticket} building={building} />
        </section>
        <section className="card stack" aria-labelledby={descriptionId}>
          <h2 id={descriptionId}>{t.ticket.description}</h2>
          <p className="ticket-description">{ticket.description}</p>
        </section>
        <TicketPhotos ticket={ticket} canAdd={editable} />
        <Timeline events={ticket.events} />
        {editable ? <Composer ticket={ticket} /> : null}
      </div>
      <aside className="stack-lg" aria-label={t.ticket.work}>
        <StatusPanel ticket={ticket} canChange={editable} />
        <AssignmentPanel ticket={ticket} canChange={editable && open} />
        {buildings.length > 0 ? (
          <BuildingPanel
            key={ticket.building_id ?? 'none'}
            ticket={ticket}
            buildings={buildings}
            canChange={editable && open}
          />
        ) : null}
        {editable && open ? <MergePanel ticket={ticket} /> : null}
        {ticket.rating ? <RatingPanel rating={ticket.rating} /> : null}
        <ReceiptPanel hash={ticket.receipt_sha256} />
      </aside>
    </div>
  );
}

/** /admin/tickets/:ticketId: one ticket with its photos, thread, notes, status, craftsman and merging. */
export function TicketPage() {
  const { ticketId } = useParams();
  const [locationId] = useLocationFilter();
  const id = ticketId && /^\d{1,9}$/.test(ticketId) ? Number(ticketId) : null;
  const { data: ticket, isLoading, isError, error, refetch } = useTicketQuery(id ?? 0, { skip: id === null });
  return (
    <AdminPage
      title={ticket ? t.ticket.title(ticket.number) : t.title}
      actions={
        <Link className="button" to={withLocation('/admin/tickets', locationId)}>
          {t.ticket.back}
        </Link>
      }
    >
      {isLoading ? <Spinner label={s.loading} /> : null}
      {id === null || (isError && !ticket) ? (
        <RecordLoadError error={error} notFound={t.ticket.notFound} missing={id === null} onRetry={refetch} />
      ) : null}
      {ticket ? <TicketView ticket={ticket} locationId={locationId} /> : null}
    </AdminPage>
  );
}
