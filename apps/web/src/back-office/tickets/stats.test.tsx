import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import { formatHours } from './format';
import { me, stats } from './test-fixtures';
import TicketsPage from './tickets-page';

function open(path = '/admin/tickets/stats') {
  const user = userEvent.setup();
  renderAdmin(
    <>
      <TicketsPage />
      <ToastContainer />
    </>,
    { path, pattern: '/admin/tickets/*' },
  );
  return user;
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;

afterEach(() => {
  vi.restoreAllMocks();
  delete (URL as Partial<typeof URL>).createObjectURL;
  delete (URL as Partial<typeof URL>).revokeObjectURL;
});

describe('ticket figures (Auswertung)', () => {
  it('shows the figures in hours and days, and tickets by category as an accessible table', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/tickets/stats/': { body: stats },
    });
    open();
    expect(await screen.findByText('Alle meine Standorte, 27.08.2026 bis 24.11.2026')).toBeInTheDocument();
    expect(figure('Meldungen')).toHaveTextContent('12');
    expect(figure('Median bis zur ersten Reaktion')).toHaveTextContent('5,5 Std.');
    expect(figure('Median bis „Erledigt“')).toHaveTextContent('3,2 Tage');
    expect(figure('Durchschnittliche Bewertung')).toHaveTextContent('4,3 von 5 (4 Bewertungen)');
    expect(figure('Meldungen pro Schaden')).toHaveTextContent('1,5');
    expect(figure('Vermiedene Meldungen')).toHaveTextContent('6');
    const table = screen.getByRole('table', { name: 'Meldungen nach Kategorie' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Heizung650 %', 'Aufzug433 %', 'Sonstiges217 %']);
    // One scale from 0 to 100 %: half of all tickets is half a bar, not a full one.
    const bars = [...table.querySelectorAll<HTMLElement>('.ticket-bar > span')].map((bar) => bar.style.width);
    expect(bars).toEqual(['50%', '33%', '17%']);
    // The date fields show the period the figures are for (the server's default here).
    expect(screen.getByLabelText('Von')).toHaveValue('2026-08-27');
    expect(screen.getByLabelText('Bis')).toHaveValue('2026-11-24');
  });

  it("says 'keine Daten' without answers or ratings, and when no ticket came in", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/tickets/stats/': {
        body: {
          ...stats,
          tickets: 0,
          by_category: [],
          median_first_response_hours: null,
          median_done_hours: null,
          average_rating: null,
          ratings: 0,
          reports_per_ticket: null,
          avoided_reports: 0,
        },
      },
    });
    open();
    expect(await screen.findByText('Im gewählten Zeitraum gibt es keine Meldungen.')).toBeInTheDocument();
    expect(figure('Median bis zur ersten Reaktion')).toHaveTextContent('keine Daten');
    expect(figure('Durchschnittliche Bewertung')).toHaveTextContent('keine Daten');
  });

  it('asks for the chosen location and period, kept in the URL, and refuses an end before the start', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/tickets/stats/?location_id=2': { body: stats },
      'GET /api/admin/tickets/stats/?location_id=2&from=2026-01-01&to=2026-06-30': {
        body: { ...stats, from: '2026-01-01', to: '2026-06-30' },
      },
    });
    const user = open('/admin/tickets/stats?location_id=2');
    await screen.findByText('Haus am See, 27.08.2026 bis 24.11.2026');
    const from = screen.getByLabelText('Von');
    const to = screen.getByLabelText('Bis');
    await user.clear(from);
    await user.type(from, '2026-07-01');
    await user.clear(to);
    await user.type(to, '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Startdatum liegt nach dem Enddatum.');
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/tickets\/stats\?location_id=2$/);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(await screen.findByText('Haus am See, 01.01.2026 bis 30.06.2026')).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent(
      '/admin/tickets/stats?location_id=2&from=2026-01-01&to=2026-06-30',
    );
    expect(calls.at(-1)!.url).toBe('/api/admin/tickets/stats/?location_id=2&from=2026-01-01&to=2026-06-30');
  });

  it('downloads the CSV of the same location and period with the staff token', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/tickets/stats/?location_id=1&from=2026-01-01&to=2026-06-30': { body: stats },
      'GET /api/admin/tickets/stats.csv?location_id=1&from=2026-01-01&to=2026-06-30': {
        body: 'Kategorie;Meldungen\nHeizung;6\n',
      },
    });
    const created = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:csv';
    });
    // jsdom has no object URLs; the test gives it one for this download.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = open('/admin/tickets/stats?location_id=1&from=2026-01-01&to=2026-06-30');
    const button = await screen.findByRole('button', { name: 'CSV exportieren' });
    await user.click(button);
    await waitFor(() => expect(clicked).toHaveLength(1));
    const csv = calls.find((c) => c.url.startsWith('/api/admin/tickets/stats.csv'))!;
    expect(csv.headers.Authorization).toBe('Token staff-token');
    expect(clicked[0]!.download).toBe('meldungen-auswertung-2026-01-01-2026-06-30.csv');
    expect(clicked[0]!.href).toBe('blob:csv');
    // jsdom's Blob (Node 24's jsdom realm) has no text(); its FileReader reads either kind.
    const csvText = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created.mock.calls[0]![0]);
    });
    expect(csvText).toBe('Kategorie;Meldungen\nHeizung;6\n');
  });

  it('says why the CSV failed', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/tickets/stats/': { body: stats },
      'GET /api/admin/tickets/stats.csv': { status: 400, body: { to: ['Ein Datum im Format JJJJ-MM-TT.'] } },
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'CSV exportieren' }));
    expect(await screen.findByText('Ein Datum im Format JJJJ-MM-TT.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeEnabled();
  });
});

describe('formatHours', () => {
  it('shows minutes under an hour, hours up to two days, then days', () => {
    expect(formatHours(0.25)).toBe('15 Min.');
    expect(formatHours(5.54)).toBe('5,5 Std.');
    expect(formatHours(47)).toBe('47 Std.');
    expect(formatHours(72)).toBe('3 Tage');
    expect(formatHours(null)).toBe('keine Daten');
  });
});
