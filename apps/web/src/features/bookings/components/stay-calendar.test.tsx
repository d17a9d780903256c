import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Availability, Booking, BookingResource } from '@hausportal/contract';
import { setLanguage } from '@/i18n';
import { mockFetch, setOnline, type Call } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { addDays } from '../berlin';
import BookingsScreens from './bookings-screens';

// The guest flat's month grid: arrival, then departure, the nights and the total, by touch and by
// keyboard, mirrored in Arabic; and the confirmation after booking.

/** Monday, 7 December 2026, in the morning in Berlin. */
const NOW = new Date('2026-12-07T09:00:00Z');

const flat: BookingResource = {
  id: 1,
  location_id: 1,
  name: 'Gästewohnung',
  description: '',
  house_rules: 'Schlüssel an der Rezeption. Abreise bis 11 Uhr.',
  mode: 'days',
  slot_minutes: 120,
  day_start: '07:00',
  day_end: '22:00',
  horizon_days: 30,
  max_length: 7,
  quota_count: null,
  quota_period: 'month',
  cancel_hours: 48,
  approval_required: false,
  fee_text: '25 € pro Nacht, bar bei der Schlüsselübergabe',
  price_per_night_cents: 2500,
  photo: null,
  house_rules_pdf: null,
  blocks: [],
};

/** A month's nights: free unless named; days before 7 December are past. */
function month(first: string, length: number, states: Record<string, string> = {}): Availability {
  return {
    resource_id: 1,
    mode: 'days',
    days: Array.from({ length }, (_, i) => {
      const date = addDays(first, i);
      const state = states[date] ?? (date < '2026-12-07' ? 'past' : 'free');
      return {
        date,
        slots: [{ starts_at: `${date}T00:00:00.000Z`, ends_at: `${addDays(date, 1)}T00:00:00.000Z`, state }],
      } as Availability['days'][number];
    }),
  };
}
const december = month('2026-12-01', 31, { '2026-12-15': 'taken', '2026-12-18': 'blocked', '2026-12-21': 'mine' });
const january = month('2027-01-01', 31);

const stay: Booking = {
  id: 12,
  resource_id: 1,
  resource_name: 'Gästewohnung',
  mode: 'days',
  starts_at: '2026-12-10T23:00:00.000Z',
  ends_at: '2026-12-12T23:00:00.000Z',
  check_in: '2026-12-11',
  check_out: '2026-12-13',
  status: 'approved',
  status_label: 'Gebucht',
  decision_reason: '',
  note: '',
  cancellable_until: '2026-12-08T23:00:00.000Z',
  can_cancel: true,
  created_at: NOW.toISOString(),
};

function serve(): Call[] {
  return mockFetch({
    'GET /api/bookings/resources/1/': { body: flat },
    'GET /api/bookings/resources/1/availability/?from=2026-12-01&days=31': { body: december },
    'GET /api/bookings/resources/1/availability/?from=2027-01-01&days=31': { body: january },
    'POST /api/bookings/': { status: 201, body: stay },
    'GET /api/bookings/mine/12/': { body: stay },
  });
}

/** The first answer may take a while on a busy machine. */
const LOADED = { timeout: 5000 };
const day = (name: RegExp | string) => screen.getByRole('button', { name });
const cellOf = (button: HTMLElement) => button.closest('td')!;

beforeEach(() => {
  setOnline(true);
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => setLanguage('de'));
});

describe('Buchen: the month grid of the guest flat', () => {
  it('picks Friday to Sunday, marks arrival, night and departure, shows 2 nights and 50 €, and books', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithApp(<BookingsScreens />, { path: '/buchen/1', pattern: '/buchen/*' });
    const grid = await screen.findByRole('grid', { name: 'Dezember 2026' });
    // The German week: Monday first; 1 December 2026 is a Tuesday, so one empty cell leads.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['MoMontag', 'DiDienstag', 'MiMittwoch', 'DoDonnerstag', 'FrFreitag', 'SaSamstag', 'SoSonntag']);
    const firstWeek = within(within(grid).getAllByRole('row')[1]!).getAllByRole('gridcell');
    expect(firstWeek.map((c) => c.textContent)).toEqual(['', '1', '2', '3', '4', '5', '6']);
    expect(screen.getByText('25 € pro Nacht', { exact: false, selector: 'p.muted' })).toBeInTheDocument();

    // Every state in words, and what cannot be picked is announced as such but stays reachable.
    await waitFor(
      () => expect(day('Freitag, 11. Dezember 2026, frei')).toHaveAttribute('aria-disabled', 'false'),
      LOADED,
    );
    expect(day('Donnerstag, 3. Dezember 2026, vorbei')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Dienstag, 15. Dezember 2026, belegt')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Freitag, 18. Dezember 2026, gesperrt')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Montag, 21. Dezember 2026, meine Buchung')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Donnerstag, 31. Dezember 2026, frei')).toHaveAttribute('aria-disabled', 'false');
    expect(day('Montag, 7. Dezember 2026, frei')).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('button', { name: 'Verbindlich buchen' })).toBeDisabled();

    await user.click(day('Freitag, 11. Dezember 2026, frei'));
    expect(screen.getByText(/^Anreise Fr 11\.12\.: Tippen Sie jetzt auf den Abreisetag\./)).toHaveTextContent(
      'Höchstens 7 Nächte am Stück.',
    );
    expect(cellOf(day('Freitag, 11. Dezember 2026, frei, Anreise'))).toHaveAttribute('aria-selected', 'true');
    // A taken night's morning is still a departure day; a day behind it is no departure (it would
    // start a new stay), and a blocked day is none either.
    expect(day('Dienstag, 15. Dezember 2026, belegt, als Abreisetag wählbar')).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    expect(day('Mittwoch, 16. Dezember 2026, frei')).not.toHaveAccessibleName(/Abreise/);
    expect(day('Freitag, 18. Dezember 2026, gesperrt')).toHaveAttribute('aria-disabled', 'true');

    await user.click(day('Sonntag, 13. Dezember 2026, frei'));
    expect(screen.getByTestId('stay-summary')).toHaveTextContent('Fr 11.12. – So 13.12. · 2 Nächte · 50 €');
    expect(cellOf(day('Freitag, 11. Dezember 2026, frei, Anreise'))).toHaveAttribute('aria-selected', 'true');
    expect(cellOf(day('Samstag, 12. Dezember 2026, frei, Übernachtung'))).toHaveAttribute('aria-selected', 'true');
    expect(cellOf(day('Sonntag, 13. Dezember 2026, frei, Abreise'))).toHaveAttribute('aria-selected', 'true');
    expect(cellOf(day('Montag, 14. Dezember 2026, frei'))).toHaveAttribute('aria-selected', 'false');

    await user.click(screen.getByRole('button', { name: 'Verbindlich buchen' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      resource_id: 1,
      check_in: '2026-12-11',
      check_out: '2026-12-13',
      note: '',
    });

    // The confirmation: what, when with the nights, the fee, the next steps and the calendar file.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Buchung' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Gebucht: Gästewohnung.');
    expect(screen.getByTestId('stay-summary')).toHaveTextContent('Fr 11.12. – So 13.12. · 2 Nächte');
    const fee = (await screen.findByText('Gebühr')).nextElementSibling as HTMLElement;
    await waitFor(() => expect(within(fee).getByText('25 € pro Nacht, bar bei der Schlüsselübergabe')).toBeVisible());
    // The fee text is the manager's German: isolated, so Arabic does not scramble it (language review).
    expect(within(fee).getByText('25 € pro Nacht, bar bei der Schlüsselübergabe')).toHaveAttribute('dir', 'auto');
    expect(within(fee).getByText(/^50\s€$/)).toBeVisible();
    const steps = within(screen.getByRole('region', { name: 'Nächste Schritte' }));
    expect(steps.getByRole('button', { name: 'Zum Kalender hinzufügen' })).toBeInTheDocument();
    expect(steps.getByText('Schlüssel an der Rezeption. Abreise bis 11 Uhr.')).toBeInTheDocument();
    expect(
      steps.getByText(
        'Bis 09.12.2026, 00:00 können Sie die Buchung unter „Meine Buchungen“ stornieren, danach nur noch die Hausverwaltung.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Buchungen' })).toHaveAttribute('href', '/buchen/meine');
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveAttribute('href', '/buchen');
  }, 20_000);

  it('goes by keyboard: arrows by day and week, Page Down to the next month, Enter to pick', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<BookingsScreens />, { path: '/buchen/1', pattern: '/buchen/*' });
    await screen.findByRole('grid', { name: 'Dezember 2026' });
    await waitFor(
      () => expect(day('Montag, 7. Dezember 2026, frei')).toHaveAttribute('aria-disabled', 'false'),
      LOADED,
    );
    // One tab stop in the grid: today.
    const stops = screen.getAllByRole('gridcell').flatMap((c) => [...c.querySelectorAll('button')]);
    expect(stops.filter((b) => b.tabIndex === 0)).toEqual([day('Montag, 7. Dezember 2026, frei')]);
    day('Montag, 7. Dezember 2026, frei').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(day('Freitag, 11. Dezember 2026, frei')).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(day(/^Freitag, 18\. Dezember 2026/)).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowRight}{ArrowRight}');
    expect(day('Sonntag, 13. Dezember 2026, frei')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('stay-summary')).toHaveTextContent('Fr 11.12. – So 13.12. · 2 Nächte · 50 €');
    await user.keyboard('{Home}');
    expect(day('Montag, 7. Dezember 2026, frei')).toHaveFocus();
    await user.keyboard('{End}{PageDown}');
    // The next month, on the same day of the month.
    expect(await screen.findByRole('grid', { name: 'Januar 2027' })).toBeInTheDocument();
    await waitFor(() => expect(day(/^Mittwoch, 13\. Januar 2027/)).toHaveFocus());
    // The horizon is 30 days: an arrival in mid-January cannot be booked yet.
    expect(day('Mittwoch, 13. Januar 2027, noch nicht buchbar')).toHaveAttribute('aria-disabled', 'true');
  }, 20_000);

  it('mirrors in Arabic: Monday on the right, the arrow to the left goes forward, the summary isolated', async () => {
    serve();
    await act(() => setLanguage('ar'));
    const user = userEvent.setup();
    renderWithApp(<BookingsScreens />, { path: '/buchen/1', pattern: '/buchen/*' });
    const grid = await screen.findByRole('grid');
    const heads = within(grid).getAllByRole('columnheader');
    expect(heads[0]).toHaveAttribute('abbr', 'الاثنين');
    expect(heads[6]).toHaveAttribute('abbr', 'الأحد');
    const friday = await screen.findByRole('button', { name: /^\u2068الجمعة، 11 ديسمبر 2026\u2069/ });
    await waitFor(() => expect(friday).toHaveAttribute('aria-disabled', 'false'));
    friday.focus();
    await user.keyboard('{Enter}{ArrowLeft}{ArrowLeft}');
    const sunday = screen.getByRole('button', { name: /^\u2068الأحد، 13 ديسمبر 2026\u2069/ });
    expect(sunday).toHaveFocus();
    await user.keyboard('{Enter}');
    // Each date, the nights and the total sit in their own isolate, so no digits change places.
    const summary = screen.getByTestId('stay-summary').textContent!;
    expect(summary).toMatch(/^\u2068[^\u2068\u2069]+11[^\u2069]*\u2069 – \u2068[^\u2069]+13[^\u2069]*\u2069 · /);
    expect(summary).toContain('\u2068ليلتان\u2069');
    expect(summary).toMatch(/· \u2068\u200f?50\s€\u2069$/);
  });

  it('keeps a stay within the longest stay allowed', async () => {
    mockFetch({
      'GET /api/bookings/resources/1/': { body: { ...flat, max_length: 2, price_per_night_cents: null } },
      'GET /api/bookings/resources/1/availability/?from=2026-12-01&days=31': { body: december },
    });
    const user = userEvent.setup();
    renderWithApp(<BookingsScreens />, { path: '/buchen/1', pattern: '/buchen/*' });
    await screen.findByRole('grid', { name: 'Dezember 2026' });
    await waitFor(
      () => expect(day('Freitag, 11. Dezember 2026, frei')).toHaveAttribute('aria-disabled', 'false'),
      LOADED,
    );
    await user.click(day('Dienstag, 8. Dezember 2026, frei'));
    expect(screen.getByText('Höchstens 2 Nächte am Stück.')).toBeInTheDocument();
    expect(day('Donnerstag, 10. Dezember 2026, frei')).toHaveAttribute('aria-disabled', 'false');
    // Friday would be a third night: tapping it starts a new stay instead.
    await user.click(day('Freitag, 11. Dezember 2026, frei'));
    expect(cellOf(day('Freitag, 11. Dezember 2026, frei, Anreise'))).toHaveAttribute('aria-selected', 'true');
    expect(cellOf(day('Dienstag, 8. Dezember 2026, frei'))).toHaveAttribute('aria-selected', 'false');
    await user.click(day('Sonntag, 13. Dezember 2026, frei'));
    // Without a price per night the summary has no total; the fee text says what it costs.
    expect(screen.getByTestId('stay-summary')).toHaveTextContent(/^Fr 11\.12\. – So 13\.12\. · 2 Nächte$/);
  });
});
