import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyProviderRequest, MyReport } from '@hausportal/contract';
import { Page } from '@/components/ui/page';
import { NotLoaded } from '@/components/ui/not-loaded';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useOnline } from '@/lib/use-online';
import { getMyReports, getMyRequests } from '../api';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'done'; items: T[] };

/** Loads a list when online, again when the connection returns, and on demand. */
function useList<T>(load: () => Promise<T[]>) {
  const online = useOnline();
  const [list, setList] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) return;
    let live = true;
    load().then(
      (items) => live && setList({ state: 'done', items }),
      () => live && setList({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [online, load, attempt]);
  const reload = useCallback(() => {
    setList({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  // Offline with nothing loaded yet: say so instead of a spinner that never ends.
  const shown: Loaded<T> = !online && list.state === 'loading' ? { state: 'failed' } : list;
  return [shown, reload] as const;
}

/**
 * 'Meine Anfragen' (issue 9): the resident's own provider requests as the management tracks
 * them ('Neu', 'In Bearbeitung', 'Erledigt') with its note, and their reports with the decision.
 */
export default function RequestsPage() {
  const { t } = useTranslation();
  const [requests, reloadRequests] = useList<MyProviderRequest>(getMyRequests);
  const [reports, reloadReports] = useList<MyReport>(getMyReports);

  return (
    <Page title={t('titles.requests')}>
      {requests.state === 'loading' ? <Spinner /> : null}
      {requests.state === 'failed' ? <NotLoaded onRetry={reloadRequests} /> : null}
      {requests.state === 'done' && requests.items.length === 0 ? (
        <p className="empty">{t('backOffice.myRequestsEmpty')}</p>
      ) : null}
      {requests.state === 'done' && requests.items.length > 0 ? (
        <ol className="status-list">
          {requests.items.map((r) => (
            <li key={r.id} className="card stack">
              <div className="notice-head">
                <span className={`tag request-${r.status}`}>{t(`backOffice.requestStatus_${r.status}`)}</span>
                <h2>{r.provider_name}</h2>
              </div>
              <p className="muted">
                {r.service_title} · <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
              </p>
              <p className="pre-line">{r.text}</p>
              {r.note ? <p className="manager-note">{t('backOffice.managerNote', { note: r.note })}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}

      {reports.state === 'done' && reports.items.length > 0 ? (
        <section className="stack" aria-labelledby="my-reports">
          <h2 id="my-reports">{t('backOffice.myReports')}</h2>
          <ol className="status-list">
            {reports.items.map((r) => (
              <li key={r.id} className="card stack">
                <div className="notice-head">
                  <span className="tag">{t(`backOffice.reportStatus_${r.status}`)}</span>
                  <span>{t(`backOffice.reason_${r.reason}`)}</span>
                </div>
                <p className="pre-line">„{r.excerpt}“</p>
                {r.decision_reason ? <p>{t('backOffice.decisionReason', { reason: r.decision_reason })}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {reports.state === 'failed' && requests.state === 'done' ? <NotLoaded onRetry={reloadReports} /> : null}
    </Page>
  );
}
