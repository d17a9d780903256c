import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadWithNewVersion, startPwa, usePwa } from '@/lib/pwa';

/**
 * Registers the service worker once the first screen is idle (app-layout.tsx) and announces a
 * new version: 'Neue Version verfügbar – neu laden'. The new version waits until then, so nothing
 * typed is lost to a reload the resident did not ask for.
 */
export default function UpdateBanner() {
  const { t } = useTranslation();
  const { needRefresh } = usePwa();
  useEffect(() => {
    void startPwa();
  }, []);
  if (!needRefresh) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('app.updateAvailable')} – </span>
      <button type="button" className="link-button" onClick={() => void reloadWithNewVersion()}>
        {t('app.updateReload')}
      </button>
    </div>
  );
}
