import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { formatDateTime } from '@/lib/format-date';
import { cancelBooking, downloadIcs, errorText } from '../api';
import { daysBetween, describe } from '../berlin';

/** One of 'Meine Buchungen': when, its state, the calendar file and the cancellation while allowed. */
export function BookingCard({ b, onChange }: { b: Booking; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (!window.confirm(t('bookings.cancelConfirm'))) return;
    setBusy(true);
    try {
      await cancelBooking(b.id);
      onChange(t('bookings.cancelled'));
    } catch (err) {
      onChange(errorText(err, t('bookings.failed')));
    } finally {
      setBusy(false);
    }
  };
  const active = b.status === 'pending' || b.status === 'approved';
  return (
    <li className="card stack" data-testid="my-booking">
      <div className="booking-card-head">
        <h3>
          <bdi>{b.resource_name}</bdi>
        </h3>
        <span className={`tag booking-status tag-${b.status}`}>{t(`bookings.statuses.${b.status}`)}</span>
      </div>
      <p>
        {describe(b)}
        {b.mode === 'days' && b.check_in && b.check_out
          ? ` · ${t('bookings.calendar.nights', { count: daysBetween(b.check_in, b.check_out) })}`
          : null}
      </p>
      {b.decision_reason ? <p className="muted">{t('bookings.reason', { reason: b.decision_reason })}</p> : null}
      {active ? (
        <p className="muted">
          {b.can_cancel
            ? t('bookings.cancelUntil', { date: formatDateTime(b.cancellable_until) })
            : t('bookings.cancelClosed')}
        </p>
      ) : null}
      {active ? (
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => void downloadIcs(b.id).catch(() => onChange(t('bookings.calendarFailed')))}
          >
            <Icon name="download" /> {t('bookings.addToCalendar')}
          </button>
          {b.can_cancel ? (
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void cancel()}>
              {t('bookings.cancel')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
