import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import type { RemoteState } from '@/lib/use-remote';

/** A read with nothing to show yet: the spinner, or once it failed (offline too) a line saying so and a retry. */
export function Loading({ state, retry }: { state: RemoteState; retry: () => void }) {
  const { t } = useTranslation();
  return state !== 'loading' ? (
    <div className="card stack" role="alert">
      <p>{t('bookings.loadFailed')}</p>
      <button type="button" className="button" onClick={retry}>
        {t('bookings.retry')}
      </button>
    </div>
  ) : (
    <div role="status">
      <Spinner /> {t('bookings.loading')}
    </div>
  );
}
