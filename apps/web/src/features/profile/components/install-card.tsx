import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { notify } from '@/lib/notify';
import { registerNotificationStrings } from '@/i18n/notifications';
import { install, isStandalone, usePwa } from '@/lib/pwa';

registerNotificationStrings();

const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent) && !/crios|fxios/i.test(navigator.userAgent);

/**
 * 'Installieren' where the browser offers it (Chromium's install prompt), and on an iPhone the
 * way through Safari's share menu, which has no prompt. Nothing once the app is installed.
 */
export function InstallCard() {
  const { t } = useTranslation();
  const { canInstall, installed } = usePwa();
  if (installed || isStandalone() || (!canInstall && !isIos())) return null;
  return (
    <section className="card stack profile-section" aria-labelledby="install-heading">
      <h2 id="install-heading">{t('install.heading')}</h2>
      <p className="muted">{t('install.hint')}</p>
      {canInstall ? (
        <button
          type="button"
          className="button button-block"
          onClick={() =>
            void install().then((done) => {
              if (done) notify('success', t('install.done'));
            })
          }
        >
          <Icon name="download" />
          <span>{t('install.button')}</span>
        </button>
      ) : (
        <p>{t('install.ios')}</p>
      )}
    </section>
  );
}
