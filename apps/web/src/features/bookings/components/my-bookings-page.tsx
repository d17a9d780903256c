import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedAt } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { useRemote } from '@/lib/use-remote';
import { getMyBookings } from '../api';
import { mineStored } from '../cache';
import { BackLink } from './back-link';
import { BookingCard } from './booking-card';
import { CalendarSubscription } from './calendar-subscription';
import { Loading } from './loading';

/** /buchen/meine: upcoming bookings, cancel, .ics, and the calendar subscription. */
export default function MyBookingsPage() {
  const { t } = useTranslation();
  const { data, state, reload } = useRemote(mineStored, getMyBookings);
  const [text, setText] = useState('');
  return (
    <Page title={t('bookings.mine')} className="booking-page">
      <BackLink />
      <p aria-live="polite">{text}</p>
      <LoadedAt name={mineStored.key} />
      {!data ? (
        <Loading state={state} retry={reload} />
      ) : data.length === 0 ? (
        <p className="card">{t('bookings.emptyMine')}</p>
      ) : (
        <ul className="stack booking-list">
          {data.map((b) => (
            <BookingCard
              key={b.id}
              b={b}
              onChange={(msg) => {
                setText(msg);
                reload();
              }}
            />
          ))}
        </ul>
      )}
      <CalendarSubscription />
    </Page>
  );
}
