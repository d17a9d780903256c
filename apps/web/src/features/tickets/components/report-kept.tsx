import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';

/** What the form says once the report waits on the device: offline, or for the server. */
export function ReportKept({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  return (
    <Page title={t('tickets.titleNew')} className="page-narrow">
      <div className="card stack" role="status">
        <p className="success-text">{t('tickets.savedOffline')}</p>
        <p className="pending-note">
          <span className="tag tag-pending">{offline ? t('tickets.pendingOffline') : t('tickets.pendingServer')}</span>
        </p>
        <Link to="/tickets" className="button button-primary button-block">
          {t('tickets.toList')}
        </Link>
      </div>
    </Page>
  );
}
