import { useTranslation } from 'react-i18next';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

/** On /login, for a back-office account (ADR 014): this is the residents' app, and the way to /admin. */
export default function StaffAccountHint() {
  const { t } = useTranslation();
  return (
    <div className="form-error" role="alert">
      <p>{t('backOffice.staffAccount')}</p>
      <a className="button" href="/admin/login">
        {t('backOffice.toAdmin')}
      </a>
    </div>
  );
}
