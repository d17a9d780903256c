import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@hausportal/contract';
import { FormError } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { parseErrorBody } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { describeError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/use-online';
import { useSending } from '@/lib/use-sending';
import { useRemote } from '@/lib/use-remote';
import { registerTicketStrings } from '@/i18n/tickets';
import { getReceipt, getTicket, leaveTicket } from '../api';
import { ticketCache } from '../cache';
import { RateAndReopen } from './rate-and-reopen';
import { StatusTag } from './status-tag';
import { StatusTimeline } from './status-timeline';
import { TicketPhotos } from './ticket-photos';
import { TicketThread } from './ticket-thread';
import './tickets.css';

registerTicketStrings();

interface ArrivalState {
  /** The number of the ticket the form just created. */
  created?: string;
  /** The resident just said 'Betrifft mich auch'. */
  joined?: boolean;
}

/**
 * 'Eingangsbestätigung (PDF)': fetched with the token and saved as a file, because a plain link
 * would reach the server without the Authorization header.
 */
function ReceiptButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const blob = await getReceipt(ticket.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `Eingangsbestaetigung-${ticket.number}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has started the download by then; the URL is not needed any longer.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      const described = describeError(parseErrorBody(failure), t);
      setError(described.general === t('errors.generic') ? t('tickets.receiptFailed') : described.general);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      <button
        type="button"
        className="button button-block"
        onClick={() => void download()}
        disabled={busy || !online}
        aria-busy={busy}
      >
        <Icon name="download" />
        <span>{busy ? t('tickets.receiptLoading') : t('tickets.receipt')}</span>
      </button>
      <FormError message={error} />
    </div>
  );
}

/** 'Betrifft mich nicht mehr' for a follower, after a question. */
function LeaveButton({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const { busy, error, send } = useSending();

  function leave() {
    if (!window.confirm(t('tickets.leaveConfirmFollow'))) return;
    void send(async () => {
      await leaveTicket(ticketId);
      notify('success', t('tickets.left'));
      navigate('/tickets');
    });
  }

  return (
    <div className="stack">
      <FormError message={error} />
      <button
        type="button"
        className="button button-danger button-block"
        onClick={leave}
        disabled={busy || !online}
        aria-busy={busy}
      >
        {busy ? t('tickets.leaving') : t('tickets.leave')}
      </button>
    </div>
  );
}

function TicketView({ id }: { id: number }) {
  const { t } = useTranslation();
  const { state, pathname } = useLocation();
  const navigate = useNavigate();
  // Said once: the history entry forgets it, so a reload or coming back later does not repeat it.
  const [arrival] = useState(() => (state ?? {}) as ArrivalState);
  useEffect(() => {
    if (state) navigate(pathname, { replace: true, state: null });
  }, [state, pathname, navigate]);
  const descriptionId = `ticket-${id}-description`;
  const load = useCallback(() => getTicket(id), [id]);
  const cache = ticketCache<Ticket>(`ticket:${id}`);
  const remote = useRemote(cache, load);
  const [changed, setChanged] = useState<string | null>(null);
  const ticket = remote.data;

  const reloadWith = (message: string | null) => {
    setChanged(message);
    remote.reload();
  };

  const title = ticket ? t('tickets.number', { number: ticket.number }) : t('tickets.titleTicket');

  if (!ticket) {
    return (
      <Page title={title} className="page-narrow">
        {remote.state === 'loading' ? <Spinner /> : null}
        {remote.state === 'failed' ? <NotLoaded onRetry={remote.reload} /> : null}
        {remote.state === 'notFound' ? (
          <div className="card stack">
            <p>{t('tickets.notFound')}</p>
            <Link to="/tickets" className="button">
              {t('tickets.toList')}
            </Link>
          </div>
        ) : null}
      </Page>
    );
  }

  const follower = ticket.relation === 'follower';
  // The receptionist who took the report at the desk: the resident, not they, gets the receipt.
  const desk = ticket.relation === 'desk';
  const active = ticket.merged_into_id === null;

  return (
    <Page title={title} className="page-narrow ticket-page">
      <div className="stack-lg">
        <LoadedAt name={cache.key} />
        {arrival.created === ticket.number ? (
          <div className="card notice-success stack" role="status">
            <p className="success-text">
              {t(desk ? 'tickets.createdDesk' : 'tickets.created', { number: ticket.number })}
            </p>
            <p>{desk ? t('tickets.receivedDesk') : t('tickets.received')}</p>
          </div>
        ) : null}
        {arrival.joined ? (
          <p className="card notice-success success-text" role="status">
            {t('tickets.joined')}
          </p>
        ) : null}
        <p className={changed ? 'card notice-success success-text' : 'visually-hidden'} role="status">
          {changed ?? ''}
        </p>

        {ticket.merged_into_id !== null ? (
          <div className="card stack notice-merged">
            <p>{t('tickets.mergedInto')}</p>
            <Link to={`/tickets/${ticket.merged_into_id}`} className="button button-primary button-block">
              {t('tickets.mergedLink')}
            </Link>
          </div>
        ) : null}

        <section className="card stack" aria-labelledby={descriptionId}>
          <div className="notice-head">
            <StatusTag status={ticket.status} />
            <h2 id={descriptionId}>
              <bdi>{ticket.category.name}</bdi>
            </h2>
          </div>
          <p className="muted">
            {desk && ticket.scope === 'apartment'
              ? t('tickets.scopeApartmentDesk')
              : t(`tickets.scopes.${ticket.scope}`)}
            {ticket.scope === 'building' && ticket.place ? (
              <>
                {': '}
                <bdi>{ticket.place}</bdi>
              </>
            ) : null}
          </p>
          <p className="muted">
            {t('tickets.reportedAt', { date: formatDateTime(ticket.created_at) })}
            {ticket.scope === 'building' ? ` · ${t('tickets.affected', { count: ticket.affected_count })}` : ''}
          </p>
          {ticket.appointment_at && ticket.status === 'appointment_set' ? (
            <p className="appointment">
              <Icon name="clock" />
              <strong>{t('tickets.appointment', { date: formatDateTime(ticket.appointment_at) })}</strong>
            </p>
          ) : null}
          <h3>
            {ticket.relation === 'reporter' ? t('tickets.descriptionHeading') : t('tickets.descriptionHeadingFollower')}
          </h3>
          <p dir="auto" className="pre-line">
            {ticket.description}
          </p>
          {follower ? <p className="muted">{t('tickets.followerNote')}</p> : null}
          {desk ? <p className="muted">{t('tickets.deskNote')}</p> : null}
          {ticket.relation === 'reporter' ? <ReceiptButton ticket={ticket} /> : null}
        </section>

        <StatusTimeline ticket={ticket} />

        <RateAndReopen ticket={ticket} onChanged={(message) => reloadWith(message)} />

        <TicketPhotos ticketId={ticket.id} photos={ticket.photos} canAdd={active} onAdded={() => reloadWith(null)} />

        <TicketThread ticketId={ticket.id} events={ticket.events} canWrite={active} onSent={() => reloadWith(null)} />

        {follower && active ? <LeaveButton ticketId={ticket.id} /> : null}
      </div>
    </Page>
  );
}

/** A ticket's page `/tickets/:ticketId`. */
export default function TicketPage() {
  const { ticketId } = useParams();
  const id = Number(ticketId);
  const { t } = useTranslation();
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Page title={t('tickets.titleTicket')} className="page-narrow">
        <div className="card stack">
          <p>{t('tickets.notFound')}</p>
          <Link to="/tickets" className="button">
            {t('tickets.toList')}
          </Link>
        </div>
      </Page>
    );
  }
  // A new ticket starts with its own state (stored copy, forms).
  return <TicketView key={id} id={id} />;
}
