import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { useRemote } from '@/lib/use-remote';
import { errorText, getFeed, renewFeed, revokeFeed, type CalendarFeed } from '../api';
import { Loading } from './loading';

/** The address a calendar app subscribes to: made, renewed or revoked here. */
export function CalendarSubscription() {
  const { t } = useTranslation();
  const feed = useRemote(null, getFeed);
  const [fresh, setFresh] = useState<CalendarFeed | null>(null);
  const [text, setText] = useState('');
  const urlId = useId();
  const current = fresh ?? feed.data;
  const renew = async () => {
    if (current?.active && !window.confirm(t('bookings.subscriptionRenewConfirm'))) return;
    try {
      setFresh(await renewFeed());
      setText('');
    } catch (err) {
      setText(errorText(err, t('bookings.failed')));
    }
  };
  const revoke = async () => {
    try {
      await revokeFeed();
      setFresh({ active: false, url: null, created_at: null });
      setText(t('bookings.subscriptionRevoked'));
    } catch (err) {
      setText(errorText(err, t('bookings.failed')));
    }
  };
  return (
    <section className="card stack" aria-labelledby={`${urlId}-h`}>
      <h2 id={`${urlId}-h`}>{t('bookings.subscription')}</h2>
      <p>{t('bookings.subscriptionIntro')}</p>
      {!current ? (
        <Loading state={feed.state} retry={feed.reload} />
      ) : (
        <>
          {current.url ? (
            <>
              <div className="field">
                <label htmlFor={urlId}>{t('bookings.subscriptionUrl')}</label>
                <input id={urlId} readOnly value={current.url} onFocus={(e) => e.target.select()} />
              </div>
            </>
          ) : (
            <p>
              {current.active
                ? t('bookings.subscriptionActive', { date: formatDateTime(current.created_at ?? '') })
                : t('bookings.subscriptionNone')}
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button" onClick={() => void renew()}>
              {current.active ? t('bookings.subscriptionRenew') : t('bookings.subscriptionCreate')}
            </button>
            {current.active ? (
              <button type="button" className="button button-danger" onClick={() => void revoke()}>
                {t('bookings.subscriptionRevoke')}
              </button>
            ) : null}
          </div>
        </>
      )}
      <p aria-live="polite">{text}</p>
    </section>
  );
}
