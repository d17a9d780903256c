import { useCallback, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { formatDateTime } from '@/lib/format-date';
import { useRemote } from '@/lib/use-remote';
import { downloadIcs, getBooking, getResource } from '../api';
import { describe, formatEuros } from '../berlin';
import { nightsOf } from '../stay';
import { BackLink } from './back-link';
import { Loading } from './loading';
import { StaySummary } from './stay-picker';

/**
 * /buchen/gebucht/:id, right after booking: what was booked and when, the fee, and what comes
 * next (the approval, the calendar file, the house rules with the key handover, the deadline to
 * cancel), with the way to 'Meine Buchungen'. The booking comes along from the booking screen and
 * is read again, so a reload shows it too.
 */
export default function ConfirmationPage() {
  const { t } = useTranslation();
  const id = Number(useParams().bookingId);
  const passed = (useLocation().state as { booking?: Booking } | null)?.booking;
  const loadBooking = useCallback(() => getBooking(id), [id]);
  const remote = useRemote(null, loadBooking);
  const b = remote.data ?? (passed?.id === id ? passed : null);
  const resourceId = b?.resource_id ?? 0;
  const loadResource = useCallback(() => getResource(resourceId), [resourceId]);
  const resource = useRemote(null, loadResource);
  const [calendarFailed, setCalendarFailed] = useState(false);

  if (!b)
    return (
      <Page title={t('bookings.confirmation.title')} className="booking-page">
        <BackLink />
        {remote.state === 'notFound' ? (
          <p className="card">{t('bookings.confirmation.notFound')}</p>
        ) : (
          <Loading state={remote.state} retry={remote.reload} />
        )}
      </Page>
    );

  const r = resource.data?.id === b.resource_id ? resource.data : null;
  const stay = { checkIn: b.check_in, checkOut: b.check_out };
  const price = b.mode === 'days' ? (r?.price_per_night_cents ?? null) : null;
  const total = price !== null ? formatEuros(price * nightsOf(stay)) : null;
  const pending = b.status === 'pending';
  const active = pending || b.status === 'approved';

  return (
    <Page title={t('bookings.confirmation.title')} className="booking-page">
      <BackLink />
      <p className={`notice booking-notice ${active ? 'notice-success' : ''}`} role="status">
        <Icon name={pending ? 'clock' : 'check'} />
        {t(pending ? 'bookings.confirmation.requested' : 'bookings.confirmation.booked', {
          resource: b.resource_name,
        })}
      </p>
      <dl className="card booking-facts">
        <div>
          <dt>{t('bookings.confirmation.what')}</dt>
          <dd>
            <bdi>{b.resource_name}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('bookings.confirmation.when')}</dt>
          <dd>
            {b.mode === 'days' && b.check_in && b.check_out ? (
              <StaySummary stay={stay} pricePerNight={null} />
            ) : (
              describe(b)
            )}
          </dd>
        </div>
        {total || r?.fee_text ? (
          <div>
            <dt>{t('bookings.fee')}</dt>
            <dd className="stack-tight">
              {total ? <strong>{total}</strong> : null}
              {r?.fee_text ? (
                <bdi className="muted" dir="auto">
                  {r.fee_text}
                </bdi>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('bookings.confirmation.status')}</dt>
          <dd>
            <span className={`tag booking-status tag-${b.status}`}>{t(`bookings.statuses.${b.status}`)}</span>
          </dd>
        </div>
        {b.note ? (
          <div>
            <dt>{t('bookings.confirmation.note')}</dt>
            <dd dir="auto">{b.note}</dd>
          </div>
        ) : null}
      </dl>
      {active ? (
        <section className="card stack" aria-labelledby="booking-next">
          <h2 id="booking-next">{t('bookings.confirmation.next')}</h2>
          <ol className="booking-steps-list">
            {pending ? <li>{t('bookings.confirmation.stepApproval')}</li> : null}
            <li>
              <p>{t('bookings.confirmation.stepCalendar')}</p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setCalendarFailed(false);
                  void downloadIcs(b.id).catch(() => setCalendarFailed(true));
                }}
              >
                <Icon name="download" /> {t('bookings.addToCalendar')}
              </button>
              {calendarFailed ? (
                <p role="alert" className="error">
                  {t('bookings.calendarFailed')}
                </p>
              ) : null}
            </li>
            {r?.house_rules ? (
              <li>
                <p>{t('bookings.confirmation.stepRules')}</p>
                <p dir="auto" className="pre-line muted">
                  {r.house_rules}
                </p>
              </li>
            ) : null}
            <li>
              {b.can_cancel
                ? t('bookings.confirmation.stepCancel', { date: formatDateTime(b.cancellable_until) })
                : t('bookings.cancelClosed')}
            </li>
          </ol>
        </section>
      ) : null}
      <p>
        <Link className="button button-primary" to="/buchen/meine">
          {t('bookings.mine')}
        </Link>
      </p>
    </Page>
  );
}
