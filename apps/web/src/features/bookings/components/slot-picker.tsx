import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Availability, BookingResource } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { useRemote } from '@/lib/use-remote';
import { createBooking, getAvailability } from '../api';
import { addDays, berlinDay, berlinTime, dayLabel, describe, fullDate, weekdayNames, weekdayOf } from '../berlin';
import { BookPanel } from './book-panel';
import { Legend } from './legend';
import { Loading } from './loading';

type Day = Availability['days'][number];
type Slot = Day['slots'][number];
type Picked = { start: string; end: string } | null;

const GLYPHS: Record<Slot['state'], string> = { free: '', taken: '×', blocked: '–', mine: '●', past: '' };

/**
 * A slot resource (the laundry, a room by the hour): a week at a time, shown as one day (the
 * default: a row of the week's days to pick from, then that day's slots as large buttons) or as
 * the whole week in a compact grid, a row of seven cells per time slot.
 */
export function SlotPicker({ resource: r }: { resource: BookingResource }) {
  const { t } = useTranslation();
  const today = berlinDay();
  const [from, setFrom] = useState(today);
  const [view, setView] = useState<'day' | 'week'>('day');
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked>(null);
  const load = useCallback(() => getAvailability(r.id, from, 7), [r.id, from]);
  const avail = useRemote(null, load);
  const days = avail.data?.days ?? [];
  // Unless a day was chosen, the first with a free slot (today's may all be over).
  const day =
    days.find((d) => d.date === chosenDay) ?? days.find((d) => d.slots.some((x) => x.state === 'free')) ?? days[0];
  const lastStart = addDays(today, r.horizon_days);

  const move = (n: number) => {
    setFrom(addDays(from, n));
    if (day) setChosenDay(addDays(day.date, n));
  };
  const choose = (slot: Slot) => setPicked({ start: slot.starts_at, end: slot.ends_at });
  const isPicked = (slot: Slot) => picked?.start === slot.starts_at;
  const time = (slot: Slot) => `${berlinTime(slot.starts_at)}–${berlinTime(slot.ends_at)}`;

  return (
    <div className="booking-calendar">
      <div className="booking-nav">
        <div className="booking-views">
          <button type="button" className="button" aria-pressed={view === 'day'} onClick={() => setView('day')}>
            {t('bookings.day')}
          </button>
          <button type="button" className="button" aria-pressed={view === 'week'} onClick={() => setView('week')}>
            {t('bookings.week')}
          </button>
        </div>
        <div className="booking-steps">
          <button
            type="button"
            className="button icon-only"
            aria-label={t('bookings.previous')}
            title={t('bookings.previous')}
            disabled={from <= today}
            onClick={() => move(-7)}
          >
            <Icon name="back" />
          </button>
          <button
            type="button"
            className="button icon-only"
            aria-label={t('bookings.next')}
            title={t('bookings.next')}
            disabled={addDays(from, 7) > lastStart}
            onClick={() => move(7)}
          >
            <Icon name="chevron" />
          </button>
        </div>
      </div>
      {!avail.data ? (
        <Loading state={avail.state} retry={avail.reload} />
      ) : view === 'day' ? (
        <>
          <DayStrip days={days} current={day?.date} onDay={setChosenDay} />
          {day ? (
            <section className="booking-day" aria-label={dayLabel(day.date)}>
              <h2>{dayLabel(day.date)}</h2>
              {day.slots.length === 0 ? <p className="muted">{t('bookings.slots.none')}</p> : null}
              <ul className="booking-slots">
                {day.slots.map((slot) => (
                  <li key={slot.starts_at}>
                    <button
                      type="button"
                      className={`booking-slot is-${slot.state}${isPicked(slot) ? ' is-picked' : ''}`}
                      disabled={slot.state !== 'free'}
                      aria-pressed={isPicked(slot)}
                      onClick={() => choose(slot)}
                      data-state={slot.state}
                    >
                      <span>{time(slot)}</span>
                      <span className="booking-slot-state">
                        {GLYPHS[slot.state] ? <span aria-hidden="true">{GLYPHS[slot.state]} </span> : null}
                        {t(`bookings.states.${slot.state}`)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : (
        <WeekGrid days={days} isPicked={isPicked} onPick={choose} time={time} />
      )}
      <Legend states={['free', 'taken', 'blocked', 'mine', 'past']} slots />
      <BookPanel
        summary={
          <p>
            {picked
              ? t('bookings.selected', {
                  when: describe({ mode: 'slots', starts_at: picked.start, ends_at: picked.end }),
                })
              : t('bookings.chooseSlot')}
          </p>
        }
        ready={picked !== null}
        book={(note) => createBooking({ resource_id: r.id, starts_at: picked!.start, ends_at: picked!.end, note })}
        onFailed={() => {
          setPicked(null);
          avail.reload();
        }}
      />
    </div>
  );
}

/** The week's days in a row, each with its weekday and date; a day without a free slot is struck through. */
function DayStrip({ days, current, onDay }: { days: Day[]; current?: string; onDay: (date: string) => void }) {
  const { t } = useTranslation();
  const names = weekdayNames();
  return (
    <ul className="day-strip" aria-label={t('bookings.slots.days')}>
      {days.map((d) => {
        const free = d.slots.filter((s) => s.state === 'free').length;
        return (
          <li key={d.date}>
            <button
              type="button"
              className={`day-chip${free ? '' : ' is-full'}`}
              aria-pressed={d.date === current}
              // The name starts with what the chip shows ('Mo 10'), so voice control finds it.
              aria-label={t('bookings.slots.dayChip', {
                date: `${names[weekdayOf(d.date)]!.short} ${Number(d.date.slice(8, 10))}, ${fullDate(d.date)}`,
                free: t('bookings.slots.free', { count: free }),
              })}
              onClick={() => onDay(d.date)}
            >
              <span className="day-chip-weekday">{names[weekdayOf(d.date)]!.short}</span>
              <span className="day-chip-date">{Number(d.date.slice(8, 10))}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The whole week in a compact grid: the days as columns, and per time slot a line with its time
 * and a row of seven cells (44 px high) showing each day's state by its pattern and glyph.
 */
function WeekGrid({
  days,
  isPicked,
  onPick,
  time,
}: {
  days: Day[];
  isPicked: (slot: Slot) => boolean;
  onPick: (slot: Slot) => void;
  time: (slot: Slot) => string;
}) {
  const { t } = useTranslation();
  const names = weekdayNames();
  const rows = Math.max(0, ...days.map((d) => d.slots.length));
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return (
    <div
      className="week-grid"
      role="group"
      aria-label={t('bookings.slots.week', { from: dayLabel(first), to: dayLabel(last) })}
    >
      <div className="week-grid-corner" aria-hidden="true" />
      {days.map((d) => (
        <div key={d.date} className="week-grid-head" aria-hidden="true">
          <span>{names[weekdayOf(d.date)]!.short}</span>
          <strong>{Number(d.date.slice(8, 10))}</strong>
        </div>
      ))}
      {Array.from({ length: rows }, (_, i) => {
        const sample = days.find((d) => d.slots[i])?.slots[i];
        return [
          <div key={`time-${i}`} className="week-grid-time" aria-hidden="true">
            {sample ? time(sample) : ''}
          </div>,
          ...days.map((d) => {
            const slot = d.slots[i];
            if (!slot) return <div key={`${d.date}-${i}`} />;
            return (
              <button
                key={slot.starts_at}
                type="button"
                className={`week-cell is-${slot.state}${isPicked(slot) ? ' is-picked' : ''}`}
                disabled={slot.state !== 'free'}
                aria-pressed={isPicked(slot)}
                aria-label={t('bookings.slots.cell', {
                  date: dayLabel(d.date),
                  time: time(slot),
                  state: t(`bookings.states.${slot.state}`),
                })}
                data-state={slot.state}
                onClick={() => onPick(slot)}
              >
                <span aria-hidden="true">{isPicked(slot) ? '✓' : GLYPHS[slot.state]}</span>
              </button>
            );
          }),
        ];
      })}
    </div>
  );
}
