import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { isNotLoaded, LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { useOpenDocument } from '@/entities/documents/use-open-document';
import { formatDate } from '@/lib/format-date';
import { useOnline } from '@/lib/use-online';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { fetchDocuments } from '../slice';

export default function ApartmentPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { results, fetching, error } = useAppSelector((s) => s.documents);
  const online = useOnline();
  // Opened on this visit: 'Neu' goes at once; the server knows it from the next load on.
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const openDocument = useOpenDocument();

  useEffect(() => {
    if (online) void dispatch(fetchDocuments());
  }, [dispatch, online]);

  const missing = isNotLoaded(results.length > 0, fetching, error, online);

  return (
    <Page title={t('titles.apartment')}>
      <p className="lead">{t('apartment.intro')}</p>
      {results.length === 0 && fetching ? <Spinner /> : null}
      {missing ? <NotLoaded onRetry={() => void dispatch(fetchDocuments())} /> : null}
      <LoadedAt name="documents" />
      {results.length === 0 && !fetching && !missing ? <p className="empty">{t('apartment.empty')}</p> : null}
      <ul className="list">
        {results.map((doc) => (
          <li key={doc.id}>
            <a
              className="list-item list-link"
              href={doc.document}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                setOpened((now) => new Set(now).add(doc.id));
                openDocument(event, doc);
              }}
            >
              <img className="list-icon" src={doc.icon || '/icons/document.svg'} alt="" width={32} height={32} />
              <span className="list-body">
                <span className="list-title">
                  <bdi>{doc.title}</bdi>
                </span>
                {/* Documents stored before dates were recorded have none. */}
                {doc.created_at ? (
                  <span className="muted">{t('apartment.date', { date: formatDate(doc.created_at) })}</span>
                ) : null}
                <span className="visually-hidden"> {t('apartment.opensInNewTab')}</span>
              </span>
              {doc.is_new && !opened.has(doc.id) ? <span className="tag tag-new">{t('apartment.isNew')}</span> : null}
              <Icon name="chevron" className="list-chevron" />
            </a>
          </li>
        ))}
      </ul>
    </Page>
  );
}
