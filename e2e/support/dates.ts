// Calendar days as the booking journeys pick them, 'YYYY-MM-DD' in Berlin.

/** Today in Berlin. */
export const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** `date` plus `n` calendar days. */
export const plus = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first Friday at least `days` days ahead. */
export function fridayAfter(days: number): string {
  let date = plus(today(), days);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 5) date = plus(date, 1);
  return date;
}
