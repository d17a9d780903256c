import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { registerActivationStrings } from '@/i18n/activation';
import { registerNotificationStrings } from '@/i18n/notifications';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/use-online';
import { enablePush, pushActive, pushSupport } from '../notifications/push';
import { InstallCard } from './install-card';

registerActivationStrings();
registerNotificationStrings();

/**
 * /willkommen, right after the first password (ADR 044): the resident is signed in, and is offered
 * notifications on this device and installing the app (the profile's own parts), then home.
 * Both can be skipped; the profile keeps them.
 */
export default function WelcomeNextPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [support, setSupport] = useState(pushSupport);
  const [active, setActive] = useState(pushActive);
  const [busy, setBusy] = useState(false);

  async function onEnable() {
    setBusy(true);
    try {
      const result = await enablePush();
      setSupport(result);
      setActive(result === 'granted');
      if (result === 'granted') notify('success', t('notifications.enabled'));
    } catch {
      notify('error', t('notifications.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('welcome.title')} className="page-narrow welcome-next">
      <div className="stack">
        <p className="notice notice-success" role="status">
          {t('welcome.signedIn')}
        </p>
        <p>{t('welcome.nextIntro')}</p>
        <section className="card stack" aria-labelledby="welcome-notifications">
          <h2 id="welcome-notifications">{t('notifications.heading')}</h2>
          <p className="muted">{t('notifications.intro')}</p>
          {support === 'unsupported' ? <p>{t('notifications.unsupported')}</p> : null}
          {support === 'denied' ? <p className="notice">{t('notifications.denied')}</p> : null}
          {active ? <p className="notice notice-success">{t('notifications.active')}</p> : null}
          {support !== 'unsupported' && support !== 'denied' && !active ? (
            <button
              type="button"
              className="button button-block"
              onClick={() => void onEnable()}
              disabled={busy || !online}
              aria-busy={busy}
            >
              <Icon name="bell" />
              <span>{busy ? t('notifications.enabling') : t('notifications.enable')}</span>
            </button>
          ) : null}
        </section>
        <InstallCard />
        <Link to="/" replace className="button button-primary button-block">
          {t('welcome.toHome')}
        </Link>
      </div>
    </Page>
  );
}
