import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { addDays, addMonths, daysInMonth, fullDate, monthLabel, monthOf, weekdayNames, weekdayOf } from '../berlin';
import { dayState, pick, roleOf, type DayState, type Nights, type Stay, type StayRules } from '../stay';

interface MonthCalendarProps {
  /** The month shown, 'YYYY-MM'. */
  month: string;
  onMonth: (month: string) => void;
  /** The first and last month one may go to. */
  months: { first: string; last: string };
  nights: Nights;
  /** The shown month's answer is still on its way. */
  loading: boolean;
  stay: Stay;
  rules: StayRules;
  onPick: (date: string) => void;
}

/** The weeks of a month, Monday first: each a row of seven dates or null before the 1st and after the last. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let i = 0; i < daysInMonth(month); i++) cells.push(addDays(first, i));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * A month of a day resource as a grid (ARIA grid pattern): the German week from Monday, each day
 * a button that says its full date, what its night is and its part in the chosen stay. One day
 * takes the tab stop; the arrow keys move by day and week (mirrored right to left), Home and End
 * to the week's ends, Page Up and Down by month; Enter or Space picks. Taken, blocked and
 * unavailable days differ by pattern and strike-through, not by colour alone.
 */
export function MonthCalendar({ month, onMonth, months, nights, loading, stay, rules, onPick }: MonthCalendarProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const keysId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const weekdays = weekdayNames();
  const rtl = i18n.dir() === 'rtl';

  const firstDay = `${months.first}-01`;
  const lastDay = addDays(`${addMonths(months.last, 1)}-01`, -1);
  const fallback =
    stay.checkIn && monthOf(stay.checkIn) === month
      ? stay.checkIn
      : monthOf(rules.today) === month
        ? rules.today
        : `${month}-01`;
  const tabStop = focused && monthOf(focused) === month ? focused : fallback;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${tabStop}"]`)?.focus();
  }, [tabStop, month]);

  const go = (date: string) => {
    const target = date < firstDay ? firstDay : date > lastDay ? lastDay : date;
    setFocused(target);
    moveFocus.current = true;
    if (monthOf(target) !== month) onMonth(monthOf(target));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const forward = rtl ? -1 : 1;
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(date, forward),
      ArrowLeft: () => addDays(date, -forward),
      ArrowDown: () => addDays(date, 7),
      ArrowUp: () => addDays(date, -7),
      Home: () => addDays(date, -weekdayOf(date)),
      End: () => addDays(date, 6 - weekdayOf(date)),
      PageDown: () => sameDayIn(date, 1),
      PageUp: () => sameDayIn(date, -1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move());
  };

  const stateText = (state: DayState) =>
    state === 'beyond'
      ? t('bookings.calendar.beyond')
      : state === 'unknown'
        ? t('bookings.loading')
        : t(`bookings.states.${state}`);

  return (
    <div className="month-calendar">
      <div className="month-calendar-head">
        <button
          type="button"
          className="button icon-only"
          aria-label={t('bookings.calendar.previousMonth')}
          title={t('bookings.calendar.previousMonth')}
          disabled={month <= months.first}
          onClick={() => onMonth(addMonths(month, -1))}
        >
          <Icon name="back" />
        </button>
        <h2 id={headingId} aria-live="polite">
          {monthLabel(month)}
        </h2>
        <button
          type="button"
          className="button icon-only"
          aria-label={t('bookings.calendar.nextMonth')}
          title={t('bookings.calendar.nextMonth')}
          disabled={month >= months.last}
          onClick={() => onMonth(addMonths(month, 1))}
        >
          <Icon name="chevron" />
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        className="month-grid"
        aria-labelledby={headingId}
        aria-describedby={keysId}
        aria-busy={loading}
      >
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d.long} scope="col" abbr={d.long}>
                <span aria-hidden="true">{d.short}</span>
                <span className="visually-hidden">{d.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) => {
                if (!date) return <td key={`empty-${i}`} role="gridcell" className="month-grid-empty" />;
                const state = loading ? 'unknown' : dayState(nights, date, rules);
                const role = roleOf(stay, date);
                const next = loading ? null : pick(nights, stay, date, rules);
                // A taken night's morning is still free for a departure.
                const departureOnly = next?.checkOut === date && state !== 'free';
                const parts = [
                  stateText(state),
                  role ? t(`bookings.calendar.${role}`) : null,
                  departureOnly ? t('bookings.calendar.departureOnly') : null,
                ].filter(Boolean);
                return (
                  <td
                    key={date}
                    role="gridcell"
                    aria-selected={role !== null}
                    className={`month-day is-${state}${role ? ` is-${role}` : ''}${
                      stay.checkIn && stay.checkOut && role ? ' in-stay' : ''
                    }`}
                  >
                    <button
                      type="button"
                      data-date={date}
                      data-state={state}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-disabled={next === null}
                      aria-current={date === rules.today ? 'date' : undefined}
                      aria-label={t('bookings.calendar.cell', {
                        date: fullDate(date),
                        state: parts.join(rtl ? '، ' : ', '),
                      })}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      onFocus={() => setFocused(date)}
                      onClick={() => {
                        setFocused(date);
                        if (next) onPick(date);
                      }}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={keysId} className="visually-hidden">
        {t('bookings.calendar.keys')}
      </p>
    </div>
  );
}

/** The same day of the month `n` months on, or that month's last day. */
function sameDayIn(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}
