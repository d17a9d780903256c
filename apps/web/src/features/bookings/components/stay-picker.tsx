import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Availability, BookingResource } from '@hausportal/contract';
import { useRemote } from '@/lib/use-remote';
import { createBooking, getAvailability } from '../api';
import { addDays, berlinDay, daysInMonth, formatEuros, monthOf, shortDay } from '../berlin';
import { NO_STAY, nightsOf, pick, type SlotState, type Stay, type StayRules } from '../stay';
import { BookPanel } from './book-panel';
import { Legend } from './legend';
import { Loading } from './loading';
import { MonthCalendar } from './month-calendar';

/** 'Fr 11.12. – So 13.12. · 2 Nächte · 50 €' of a complete stay; the total only with a price per night. */
export function StaySummary({ stay, pricePerNight }: { stay: Stay; pricePerNight: number | null }) {
  const { t } = useTranslation();
  if (!stay.checkIn || !stay.checkOut) return null;
  const count = nightsOf(stay);
  // Each part keeps together ('2 Nächte', 'Fr 11.12.'); a line breaks only between the parts.
  const keep = (text: string) => text.replace(/ /g, '\u00a0');
  const values = {
    from: keep(shortDay(stay.checkIn)),
    to: keep(shortDay(stay.checkOut)),
    nights: keep(t('bookings.calendar.nights', { count })),
  };
  return (
    <strong className="stay-summary" data-testid="stay-summary">
      {pricePerNight === null
        ? t('bookings.calendar.summaryNoPrice', values)
        : t('bookings.calendar.summary', { ...values, total: formatEuros(pricePerNight * count) })}
    </strong>
  );
}

/**
 * A day resource (the guest flat): the month grid, arrival then departure, the stay's nights and
 * total, and 'Verbindlich buchen'. Each month is read when it is shown; the nights stay known
 * across months, so a stay may run into the next one.
 */
export function StayPicker({ resource: r }: { resource: BookingResource }) {
  const { t } = useTranslation();
  const today = berlinDay();
  const rules: StayRules = { today, horizonDays: r.horizon_days, maxNights: r.max_length };
  const months = { first: monthOf(today), last: monthOf(addDays(today, r.horizon_days + r.max_length)) };
  const [month, setMonth] = useState(months.first);
  const load = useCallback(() => getAvailability(r.id, `${month}-01`, daysInMonth(month)), [r.id, month]);
  const avail = useRemote(null, load);
  const [nights, setNights] = useState<ReadonlyMap<string, SlotState>>(new Map());
  const [stay, setStay] = useState<Stay>(NO_STAY);

  const answer = avail.data;
  // Each answer is merged once, when it arrives (during render, React's way to follow a prop).
  const [merged, setMerged] = useState<Availability | null>(null);
  if (answer && answer !== merged) {
    setMerged(answer);
    setNights((before) => {
      const all = new Map(before);
      for (const day of answer.days) if (day.slots[0]) all.set(day.date, day.slots[0].state);
      return all;
    });
  }
  // The answer on screen may still be the last month's while this one's is on its way.
  const loaded = Boolean(answer && answer.days[0]?.date.startsWith(month));

  const onPick = (date: string) => setStay((now) => pick(nights, now, date, rules) ?? now);
  const summary =
    stay.checkIn && stay.checkOut ? (
      <StaySummary stay={stay} pricePerNight={r.price_per_night_cents} />
    ) : stay.checkIn ? (
      <p>
        {t('bookings.calendar.arrivalChosen', { date: shortDay(stay.checkIn) })}{' '}
        <span className="muted">{t('bookings.calendar.maxNights', { count: r.max_length })}</span>
      </p>
    ) : (
      <p>{t('bookings.chooseCheckIn')}</p>
    );

  return (
    <div className="booking-calendar">
      {r.price_per_night_cents !== null ? (
        <p className="muted">{t('bookings.calendar.perNight', { price: formatEuros(r.price_per_night_cents) })}</p>
      ) : null}
      {!answer && avail.state !== 'loading' ? (
        <Loading state={avail.state} retry={avail.reload} />
      ) : (
        <MonthCalendar
          month={month}
          onMonth={setMonth}
          months={months}
          nights={nights}
          loading={!loaded}
          stay={stay}
          rules={rules}
          onPick={onPick}
        />
      )}
      <Legend states={['free', 'taken', 'blocked', 'mine', 'past']} stay />
      <BookPanel
        summary={
          <>
            {summary}
            {stay.checkIn ? (
              <button type="button" className="button button-small" onClick={() => setStay(NO_STAY)}>
                {t('bookings.calendar.clear')}
              </button>
            ) : null}
          </>
        }
        ready={Boolean(stay.checkIn && stay.checkOut)}
        book={(note) => createBooking({ resource_id: r.id, check_in: stay.checkIn!, check_out: stay.checkOut!, note })}
        onFailed={() => {
          setStay(NO_STAY);
          avail.reload();
        }}
      />
    </div>
  );
}
