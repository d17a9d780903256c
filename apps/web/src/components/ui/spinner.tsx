import { useTranslation } from 'react-i18next';

/** A loading indicator that screen readers announce. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('app.loading')}</span>
    </div>
  );
}
