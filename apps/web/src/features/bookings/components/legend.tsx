import { useTranslation } from 'react-i18next';
import type { SlotState } from '../stay';

/**
 * What the calendar's patterns mean, in words: each state's sample looks as it does in the grid
 * (free plain, taken hatched and struck through, blocked cross-hatched, mine filled with a dot,
 * past faded; an empty dotted cell in the week of a slot resource), and with a stay, how arrival,
 * nights and departure are marked.
 */
export function Legend({
  states,
  stay = false,
  slots = false,
}: {
  states: SlotState[];
  stay?: boolean;
  slots?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <details className={`booking-legend${slots ? ' for-slots' : ''}`}>
      <summary>{t('bookings.calendar.legend')}</summary>
      <ul>
        {states.map((state) => (
          <li key={state}>
            <span className={`swatch is-${state}`} aria-hidden="true">
              {state === 'mine' ? '●' : '12'}
            </span>
            {t(`bookings.states.${state}`)}
          </li>
        ))}
        {stay ? (
          <>
            <li>
              <span className="swatch is-beyond" aria-hidden="true">
                30
              </span>
              {t('bookings.calendar.beyond')}
            </li>
            {(['arrival', 'night', 'departure'] as const).map((role) => (
              <li key={role}>
                <span className={`swatch is-${role}`} aria-hidden="true">
                  12
                </span>
                {t(`bookings.calendar.${role}`)}
              </li>
            ))}
          </>
        ) : null}
      </ul>
    </details>
  );
}
