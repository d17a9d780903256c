import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Document, HomeSummary, Notice, TicketListItem } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { useOpenDocument } from '@/entities/documents/use-open-document';
import { formatDate } from '@/lib/format-date';
import { useAppDispatch } from '@/lib/redux/hooks';
import { registerHomeNewsStrings } from '@/i18n/home-news';
import { dismissNotice } from '../slice';

registerHomeNewsStrings();

/**
 * A 'Wichtig' notice at the top of the home screen until the resident puts it away.
 * The whole text is shown: a notice that the water is off must not hide behind a tap.
 */
function ImportantNotice({ notice, onDismissFailed }: { notice: Notice; onDismissFailed: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const headingId = `home-notice-${notice.id}`;
  const dismiss = async () => {
    const result = await dispatch(dismissNotice(notice.id));
    if (dismissNotice.rejected.match(result)) onDismissFailed();
  };
  return (
    <section className="card home-notice stack" aria-labelledby={headingId}>
      <div className="home-notice-head">
        <span className="tag tag-important">{t('homeNews.important')}</span>
        {notice.ends_at ? (
          <span className="muted home-notice-until">{t('homeNews.until', { date: formatDate(notice.ends_at) })}</span>
        ) : null}
      </div>
      <h2 id={headingId}>
        <bdi>{notice.title}</bdi>
      </h2>
      <p dir="auto" className="pre-line">
        {notice.text}
      </p>
      {notice.attachments.length ? (
        <ul className="home-notice-files">
          {notice.attachments.map((a) => (
            <li key={a.id}>
              <a className="home-link" href={a.document} target="_blank" rel="noopener noreferrer">
                <Icon name="file" />
                <span>{t('homeNews.attachment', { name: a.name })}</span>
                <span className="visually-hidden"> {t('homeNews.opensInNewTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="home-notice-actions">
        <button
          type="button"
          className="button"
          onClick={() => void dismiss()}
          aria-label={t('homeNews.dismissLabel', { title: notice.title })}
        >
          {t('homeNews.dismiss')}
        </button>
      </div>
    </section>
  );
}

function TicketsCard({ tickets }: { tickets: HomeSummary['tickets'] }) {
  const { t } = useTranslation();
  return (
    <section className="card home-card" aria-labelledby="home-tickets">
      <div className="home-card-head">
        {/* The one way to the whole list on this screen: 'Meine Meldungen' is named once. */}
        <h2 id="home-tickets">
          <Link to="/tickets">{t('homeNews.tickets')}</Link>
        </h2>
        <span className="muted">{t('homeNews.ticketsOpen', { count: tickets.count })}</span>
      </div>
      <ul className="home-card-list">
        {tickets.latest.map((ticket: TicketListItem) => (
          <li key={ticket.id}>
            <Link className="home-item" to={`/tickets/${ticket.id}`}>
              <span className="home-item-body">
                <span className="home-item-title">
                  <bdi>{ticket.category_name}</bdi>
                </span>
                <span className="muted">
                  <span className="home-item-number">{t('homeNews.ticketItem', { number: ticket.number })}</span>
                  {ticket.place ? (
                    <>
                      {' · '}
                      <bdi>{ticket.place}</bdi>
                    </>
                  ) : null}
                </span>
                {/* On its own line under the number, so the two never touch on a narrow phone. */}
                <span className={`tag ticket-status ticket-status-${ticket.status}`}>
                  {t(`homeNews.statuses.${ticket.status}`)}
                </span>
              </span>
              <Icon name="chevron" className="list-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DocumentsCard({ documents }: { documents: HomeSummary['documents'] }) {
  const { t } = useTranslation();
  const openDocument = useOpenDocument();
  return (
    <section className="card home-card" aria-labelledby="home-documents">
      <div className="home-card-head">
        <h2 id="home-documents">{t('homeNews.documents')}</h2>
        <span className="muted">{t('homeNews.documentsNew', { count: documents.count })}</span>
      </div>
      <ul className="home-card-list">
        {documents.latest.map((doc: Document) => (
          <li key={doc.id}>
            <a
              className="home-item"
              href={doc.document}
              target="_blank"
              rel="noopener noreferrer"
              // Opening it is what ends 'Neu'; a lost call only keeps it 'Neu'.
              onClick={(event) => openDocument(event, doc)}
            >
              <img className="list-icon" src={doc.icon || '/icons/document.svg'} alt="" width={32} height={32} />
              <span className="home-item-body">
                <span className="home-item-title">
                  <bdi>{doc.title}</bdi>
                </span>
                <span className="muted">{t('homeNews.documentDate', { date: formatDate(doc.created_at) })}</span>
              </span>
              <span className="tag tag-new">{t('homeNews.isNew')}</span>
              <span className="visually-hidden"> {t('homeNews.opensInNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
      <Link className="home-card-more" to="/apartment">
        {t('homeNews.documentsAll')}
      </Link>
    </section>
  );
}

/**
 * The 'Wichtig' notices not yet put away, right under the emergency button: the whole text, since
 * a notice that the water is off must not hide behind a tap.
 */
export const HomeNotices = memo(function HomeNotices({ notices }: { notices: HomeSummary['notices'] }) {
  const { t } = useTranslation();
  const [dismissFailed, setDismissFailed] = useState(false);
  const shown = notices.filter((n) => !n.dismissed);
  return (
    <>
      {dismissFailed ? (
        <p className="form-error" role="alert">
          {t('homeNews.dismissFailed')}
        </p>
      ) : null}
      {shown.length ? (
        <div className="home-notices stack" role="region" aria-label={t('homeNews.notices')}>
          {shown.map((n) => (
            <ImportantNotice key={n.id} notice={n} onDismissFailed={() => setDismissFailed(true)} />
          ))}
        </div>
      ) : null}
    </>
  );
});

/**
 * A card for open reports and one for unopened documents, below 'Schaden melden'. A card with
 * nothing in it is left out: the screen only shows news.
 */
export const HomeCards = memo(function HomeCards({ home }: { home: HomeSummary }) {
  return (
    <>
      {home.tickets.count ? <TicketsCard tickets={home.tickets} /> : null}
      {home.documents.count ? <DocumentsCard documents={home.documents} /> : null}
    </>
  );
});
