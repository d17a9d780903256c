import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { VALUE_MARK, ValueInText } from '@/components/ui/value-in-text';
import { sentTicketOf, subscribeOutbox } from '../outbox';

/**
 * What the form says once the report waits on the device: offline, or for the server. When the
 * background sender has sent it, the card says so in place with the ticket's number (a toast
 * alone left 'Wird gesendet, sobald Sie online sind' standing beside it).
 */
export function ReportKept({ reportKey, offline }: { reportKey: string; offline: boolean }) {
  const { t } = useTranslation();
  const ticket = useSyncExternalStore(subscribeOutbox, () => sentTicketOf(reportKey));
  return (
    <Page title={t('tickets.titleNew')} className="page-narrow">
      <div className="card stack" role="status">
        {ticket ? (
          <p className="success-text">
            <Link to={`/tickets/${ticket.id}`}>
              <ValueInText text={t('tickets.sentAs', { number: VALUE_MARK })} value={ticket.number} />
            </Link>
          </p>
        ) : (
          <>
            <p className="success-text">{t('tickets.savedOffline')}</p>
            <p className="pending-note">
              <span className="tag tag-pending">
                {offline ? t('tickets.pendingOffline') : t('tickets.pendingServer')}
              </span>
            </p>
          </>
        )}
        <Link to="/tickets" className="button button-primary button-block">
          {t('tickets.toList')}
        </Link>
      </div>
    </Page>
  );
}
