import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/notify';
import { registerSessionStrings } from '@/i18n/sessions';

registerSessionStrings();

/** The calls behind the list: the resident app and the back office each bring their own transport. */
export interface SessionsApi {
  list(): Promise<Session[]>;
  signOut(id: number): Promise<unknown>;
  signOutOthers(): Promise<unknown>;
}

/**
 * 'Angemeldete Geräte' (ADR 024): the account's sessions with device, sign-in and last
 * use (Europe/Berlin), this device marked; any other can be signed out, or all others at once.
 * A device signed out here lands on the login at its next call.
 */
export function SignedInDevices({ api, headingLevel = 2 }: { api: SessionsApi; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(
    () =>
      api.list().then(
        (list) => {
          setSessions(list);
          setLoadFailed(false);
        },
        () => setLoadFailed(true),
      ),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function run(which: number | 'others', call: () => Promise<unknown>, done: string) {
    setBusy(which);
    try {
      await call();
      setStatus(done);
      notify('success', done);
      await load();
    } catch {
      notify('error', t('sessions.failed'));
    } finally {
      setBusy(null);
    }
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const others = sessions?.filter((s) => !s.current) ?? [];
  // This device first: that is where one looks for it; the others keep the server's order.
  // The server names a device by browser and system only; an unknown one is named here, in the
  // reader's language.
  const listed = sessions
    ? [...sessions]
        .sort((a, b) => Number(b.current) - Number(a.current))
        .map((s) => ({ ...s, device: s.device || t('sessions.unknownDevice') }))
    : null;
  return (
    <section className="card stack profile-section signed-in-devices" aria-labelledby="devices-heading">
      <Heading id="devices-heading">{t('sessions.heading')}</Heading>
      <p className="muted">{t('sessions.intro')}</p>
      {loadFailed ? (
        <div className="stack" role="alert">
          <p>{t('sessions.loadFailed')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setLoadFailed(false);
              void load();
            }}
          >
            {t('sessions.retry')}
          </button>
        </div>
      ) : null}
      {!sessions && !loadFailed ? <Spinner label={t('sessions.loading')} /> : null}
      {sessions ? (
        <ul className="device-list">
          {listed?.map((s) => (
            <li key={s.id} className="device" aria-current={s.current ? 'true' : undefined}>
              <p className="device-name">
                <strong>{s.device}</strong>
                {s.current ? <span className="device-this">{t('sessions.thisDevice')}</span> : null}
              </p>
              <p className="muted">{t('sessions.signedInAt', { time: formatDateTime(s.created_at) })}</p>
              <p className="muted">{t('sessions.lastUsed', { time: formatDateTime(s.last_used_at) })}</p>
              {s.current ? null : (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={t('sessions.signOutNamed', { device: s.device, time: formatDateTime(s.created_at) })}
                  disabled={busy !== null}
                  aria-busy={busy === s.id}
                  onClick={() => void run(s.id, () => api.signOut(s.id), t('sessions.signedOut', { device: s.device }))}
                >
                  <Icon name="logout" />
                  <span>{busy === s.id ? t('sessions.signingOut') : t('sessions.signOut')}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {sessions && others.length > 0 ? (
        <button
          type="button"
          className="button button-block button-danger"
          disabled={busy !== null}
          aria-busy={busy === 'others'}
          onClick={() => void run('others', () => api.signOutOthers(), t('sessions.othersSignedOut'))}
        >
          <Icon name="logout" />
          <span>{busy === 'others' ? t('sessions.signingOut') : t('sessions.signOutOthers')}</span>
        </button>
      ) : null}
      {sessions && others.length === 0 ? <p className="muted">{t('sessions.noOthers')}</p> : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
