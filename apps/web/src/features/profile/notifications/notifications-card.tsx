import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESIDENT_NOTIFICATION_KINDS, type NotificationSettings } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/use-online';
import { registerNotificationStrings } from '@/i18n/notifications';
import { fetchSettings, saveSettings } from './api';
import { disablePush, enablePush, pushActive, pushSupport, type PushSupport } from './push';

registerNotificationStrings();

type Channel = 'push' | 'email';

/** Push on this device, and per kind of event push and e-mail, quiet hours and the digest. */
export function NotificationsCard() {
  const { t } = useTranslation();
  const online = useOnline();
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [active, setActive] = useState(pushActive);
  const [busy, setBusy] = useState(false);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [status, setStatus] = useState('');

  const load = useCallback(() => fetchSettings().then(setSettings, () => setLoadFailed(true)), []);
  useEffect(() => {
    void load();
  }, [load]);
  const retry = () => {
    setLoadFailed(false);
    void load();
  };

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

  async function onDisable() {
    setBusy(true);
    try {
      await disablePush();
      setActive(false);
      notify('success', t('notifications.disabled'));
    } catch {
      notify('error', t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  /** Saves one change at once; the switch goes back if the server did not take it. */
  async function change(next: NotificationSettings) {
    const before = settings;
    setSettings(next);
    setStatus('');
    try {
      setSettings(await saveSettings(next));
      setStatus(t('notifications.saved'));
    } catch {
      setSettings(before);
      notify('error', t('notifications.saveFailed'));
    }
  }
  const toggle = (channel: Channel, kind: (typeof RESIDENT_NOTIFICATION_KINDS)[number]) => {
    if (!settings) return;
    void change({ ...settings, [channel]: { ...settings[channel], [kind]: !settings[channel][kind] } });
  };

  return (
    <section className="card stack profile-section" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">{t('notifications.heading')}</h2>
      <p className="muted">{t('notifications.intro')}</p>

      {support === 'unsupported' ? <p>{t('notifications.unsupported')}</p> : null}
      {support === 'denied' ? <p className="notice">{t('notifications.denied')}</p> : null}
      {support !== 'unsupported' && support !== 'denied' && !active ? (
        <button
          type="button"
          className="button button-block button-primary"
          onClick={() => void onEnable()}
          disabled={busy || !online}
          aria-busy={busy}
        >
          <Icon name="bell" />
          <span>{busy ? t('notifications.enabling') : t('notifications.enable')}</span>
        </button>
      ) : null}
      {active ? (
        <>
          <p className="notice notice-success">{t('notifications.active')}</p>
          <button type="button" className="button button-block" onClick={() => void onDisable()} disabled={busy}>
            <span>{t('notifications.disable')}</span>
          </button>
        </>
      ) : null}

      {!online ? <p className="muted">{t('notifications.offline')}</p> : null}
      {loadFailed ? (
        <div className="stack">
          <p>{t('notifications.loadFailed')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('notifications.retry')}
          </button>
        </div>
      ) : null}
      {!settings && !loadFailed ? <Spinner label={t('notifications.loading')} /> : null}
      {settings ? (
        <fieldset className="stack notification-settings" disabled={!online}>
          <legend className="visually-hidden">{t('notifications.choose')}</legend>
          <table className="notification-table">
            <caption className="visually-hidden">{t('notifications.choose')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('notifications.kind')}</th>
                <th scope="col" className="channel">
                  {t('notifications.push')}
                </th>
                <th scope="col" className="channel">
                  {t('notifications.email')}
                </th>
              </tr>
            </thead>
            <tbody>
              {RESIDENT_NOTIFICATION_KINDS.map((kind) => {
                const label = t(`notifications.kinds.${kind}`);
                return (
                  <tr key={kind}>
                    <th scope="row">{label}</th>
                    {(['push', 'email'] as const).map((channel) => (
                      <td key={channel} className="channel">
                        <label>
                          <input
                            type="checkbox"
                            checked={settings[channel][kind]}
                            onChange={() => toggle(channel, kind)}
                            aria-label={t(channel === 'push' ? 'notifications.pushFor' : 'notifications.emailFor', {
                              kind: label,
                            })}
                          />
                        </label>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="muted">{t('notifications.postsHint')}</p>
          <SettingRow
            checked={settings.quiet_hours}
            onChange={() => void change({ ...settings, quiet_hours: !settings.quiet_hours })}
            label={t('notifications.quietHours')}
            hint={t('notifications.quietHoursHint')}
          />
          <SettingRow
            checked={settings.digest}
            onChange={() => void change({ ...settings, digest: !settings.digest })}
            label={t('notifications.digest')}
            hint={t('notifications.digestHint')}
          />
        </fieldset>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

/** A switch with its explanation; the whole row is the target. */
function SettingRow(props: { checked: boolean; onChange: () => void; label: string; hint: string }) {
  return (
    <label className="setting-row">
      <input type="checkbox" checked={props.checked} onChange={props.onChange} />
      <span>
        {props.label}
        <small>{props.hint}</small>
      </span>
    </label>
  );
}
