import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyProviderRequest, MyReport, TicketListItem } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatRecent } from '@/lib/format-date';
import { useAppSelector } from '@/lib/redux/hooks';
import { truncate } from '@/lib/text';
import { useOnline } from '@/lib/use-online';
import { useRemote, type Remote } from '@/lib/use-remote';
import { registerBackOfficeStrings } from '@/i18n/back-office';
import { registerTicketStrings } from '@/i18n/tickets';
import { getMyReports, getMyRequests, getTickets } from '../api';
import { ticketCache } from '../cache';
import { discardReport, isSending, type PendingReport } from '../outbox';
import { useOutbox } from '../use-outbox';
import { useSendReport } from '../use-send-report';
import { StatusTag } from './status-tag';
import './tickets.css';

registerTicketStrings();
registerBackOfficeStrings();

const ticketsStored = ticketCache<TicketListItem[]>('list');
const requestsStored = ticketCache<MyProviderRequest[]>('requests');
const reportsStored = ticketCache<MyReport[]>('reports');

/** A report still on the device: waiting for a connection, being sent, or refused with its reason. */
function PendingCard({ report }: { report: PendingReport }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { send } = useSendReport();
  const sending = isSending(report.key);
  const failed = report.state === 'failed';

  return (
    <li className={`card stack pending-report${failed ? ' is-failed' : ''}`}>
      <div className="notice-head">
        <span className={`tag ${failed ? 'tag-rejected' : 'tag-pending'}`}>
          {sending
            ? t('tickets.pendingSending')
            : failed
              ? t('tickets.pendingFailed', { error: report.error || t('errors.generic') })
              : t('tickets.pendingOffline')}
        </span>
        <h3>
          <bdi>{report.categoryName}</bdi>
        </h3>
      </div>
      <p className="muted">
        {t(`tickets.scopes.${report.fields.scope}`)}
        {report.fields.scope === 'building' && report.fields.place ? (
          <>
            {': '}
            <bdi>{report.fields.place}</bdi>
          </>
        ) : null}
        {' · '}
        <time dateTime={report.createdAt}>{formatRecent(report.createdAt)}</time>
        {report.photos.length > 0 ? ` · ${t('tickets.pendingPhotos', { count: report.photos.length })}` : ''}
      </p>
      {/* A refused report shows its whole text, so nothing the resident wrote is lost. */}
      <p dir="auto" className="pre-line">
        {failed ? report.fields.description : truncate(report.fields.description)}
      </p>
      {failed ? (
        <>
          <p>{t('tickets.pendingKept')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                if (window.confirm(t('tickets.pendingDiscardConfirm'))) void discardReport(report.key);
              }}
            >
              {t('tickets.pendingDiscard')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void send(report)}
              disabled={sending || !online}
            >
              {t('tickets.pendingRetry')}
            </button>
          </div>
        </>
      ) : null}
    </li>
  );
}

function TicketRow({ ticket }: { ticket: TicketListItem }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={`/tickets/${ticket.id}`} className="card ticket-row">
        <span className="ticket-row-body">
          <span className="notice-head">
            <StatusTag status={ticket.status} />
            {ticket.relation === 'follower' ? <span className="tag tag-follower">{t('tickets.follower')}</span> : null}
          </span>
          <span className="ticket-row-title">
            <bdi>{ticket.category_name}</bdi>
          </span>
          <span className="muted">
            {t(`tickets.scopes.${ticket.scope}`)}
            {ticket.scope === 'building' && ticket.place ? (
              <>
                {': '}
                <bdi>{ticket.place}</bdi>
              </>
            ) : null}
          </span>
          <span className="muted">
            {ticket.number} · {t('tickets.updatedAt', { date: formatRecent(ticket.updated_at) })}
          </span>
        </span>
        <Icon name="chevron" className="list-chevron" />
      </Link>
    </li>
  );
}

/** A section of the page with its heading, and the states every list shares. */
function ListSection<T>({
  heading,
  remote,
  loadedAt,
  empty,
  children,
}: {
  heading: string;
  remote: Remote<T[]>;
  /** The stored copy's name, for 'Stand: …' offline. */
  loadedAt: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <LoadedAt name={loadedAt} />
      {remote.state === 'loading' && !remote.data ? <Spinner /> : null}
      {remote.state === 'failed' && !remote.data ? <NotLoaded onRetry={remote.reload} /> : null}
      {remote.data && remote.data.length === 0 ? empty : null}
      {remote.data && remote.data.length > 0 ? children(remote.data) : null}
    </section>
  );
}

/**
 * 'Meine Meldungen', also at /requests: the resident's reports still on the
 * device, their tickets and the building-wide ones they follow, their provider requests (as
 * 'Meine Anfragen' showed them, product §2.17), and what they reported on the blackboard.
 */
export default function MyTicketsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const userId = useAppSelector((s) => s.user.data?.id);
  const pending = useOutbox(userId);
  const tickets = useRemote(ticketsStored, getTickets);
  const requests = useRemote(requestsStored, getMyRequests);
  const reports = useRemote(reportsStored, getMyReports);
  const pendingHeading = useId();
  const reloadTickets = tickets.reload;
  const pendingCount = pending?.length ?? 0;
  const previousPending = useRef(pendingCount);

  // A report that left the device (sent by the background sender) is now a ticket of the list.
  useEffect(() => {
    if (pendingCount < previousPending.current) reloadTickets();
    previousPending.current = pendingCount;
  }, [pendingCount, reloadTickets]);

  const reportButton = (
    <Link to="/tickets/new" className="button button-primary">
      <Icon name="plus" />
      <span>{t('tickets.reportDamage')}</span>
    </Link>
  );
  const noTickets = tickets.data?.length === 0 && pendingCount === 0;

  return (
    <Page title={t('tickets.titleList')} actions={reportButton}>
      <div className="stack-lg">
        {pending && pending.length > 0 ? (
          <section className="stack" aria-labelledby={pendingHeading}>
            <h2 id={pendingHeading}>{t('tickets.pendingHeading')}</h2>
            <ul className="status-list">
              {pending.map((report) => (
                <PendingCard key={report.key} report={report} />
              ))}
            </ul>
          </section>
        ) : null}

        <ListSection
          heading={t('tickets.ticketsHeading')}
          remote={tickets}
          loadedAt={ticketsStored.key}
          empty={
            noTickets ? (
              <div className="card stack empty-state">
                <p className="empty">{t('tickets.empty')}</p>
                <Link to="/tickets/new" className="button button-primary button-block">
                  {t('tickets.reportDamage')}
                </Link>
              </div>
            ) : null
          }
        >
          {(items: TicketListItem[]) => (
            <ul className="status-list">
              {items.map((ticket) => (
                <TicketRow key={ticket.id} ticket={ticket} />
              ))}
            </ul>
          )}
        </ListSection>

        <ListSection
          heading={t('tickets.requestsHeading')}
          remote={requests}
          loadedAt={requestsStored.key}
          empty={<p className="empty">{t('backOffice.myRequestsEmpty')}</p>}
        >
          {(items: MyProviderRequest[]) => (
            <ol className="status-list">
              {items.map((r) => (
                <li key={r.id} className="card stack">
                  <div className="notice-head">
                    <span className={`tag request-${r.status}`}>{t(`backOffice.requestStatus_${r.status}`)}</span>
                    <h3>
                      <bdi>{r.provider_name}</bdi>
                    </h3>
                  </div>
                  <p className="muted">
                    {r.service_title} · <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
                  </p>
                  <p dir="auto" className="pre-line">
                    {r.text}
                  </p>
                  {r.note ? <p className="manager-note">{t('backOffice.managerNote', { note: r.note })}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </ListSection>

        {/* Only residents who reported something see this; offline it stays quiet. */}
        {(reports.data?.length ?? 0) > 0 || (reports.state === 'failed' && online) ? (
          <ListSection heading={t('tickets.reportsHeading')} remote={reports} loadedAt={reportsStored.key} empty={null}>
            {(items: MyReport[]) => (
              <ol className="status-list">
                {items.map((r) => (
                  <li key={r.id} className="card stack">
                    <div className="notice-head">
                      <span className="tag">{t(`backOffice.reportStatus_${r.status}`)}</span>
                      <span>{t(`backOffice.reason_${r.reason}`)}</span>
                    </div>
                    <p dir="auto" className="pre-line">
                      „{r.excerpt}“
                    </p>
                    {r.decision_reason ? <p>{t('backOffice.decisionReason', { reason: r.decision_reason })}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </ListSection>
        ) : null}
      </div>
    </Page>
  );
}
