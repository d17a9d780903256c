import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import BookingsPage from './bookings-page';
import { guestFlat, laundry, manager, pending, washing } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PENDING = 'GET /api/admin/bookings/?status=pending&page_size=100&page=1';
const week = (from: string, p = 1) => `GET /api/admin/bookings/?from=${from}&days=7&page_size=100&page=${p}`;
const render = (path: string) => renderAdmin(<BookingsPage />, { path, pattern: '/admin/buchungen/*' });

describe("back office: 'Buchungen zur Freigabe'", () => {
  it('shows who waits for approval, with name and apartment, and approves with one click', async () => {
    let approved = false;
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      [PENDING]: () => ({ body: page(approved ? [] : [pending]) }),
      'POST /api/admin/bookings/7/approve/': () => {
        approved = true;
        return { body: { ...pending, status: 'approved', status_label: 'Gebucht' } };
      },
    });
    const user = userEvent.setup();
    render('/admin/buchungen');
    const waiting = within((await screen.findByRole('heading', { name: 'Warten auf Freigabe' })).closest('section')!);
    expect(await waiting.findByText('Anna Achter, Wohnung A-0101')).toBeInTheDocument();
    expect(waiting.getByText('Besuch der Eltern')).toBeInTheDocument();
    expect(waiting.getByText('Anreise Donnerstag, 13.06.2030 – Abreise Samstag, 15.06.2030')).toBeInTheDocument();
    // The tab names the count.
    expect(screen.getByRole('link', { name: 'Freigaben (1 wartet)' })).toHaveAttribute('aria-current', 'page');
    await user.click(waiting.getByRole('button', { name: 'Freigeben' }));
    expect(await waiting.findByText('Keine Buchung wartet auf Freigabe.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/bookings/7/approve/')).toBe(true);
  });

  it('refuses only with a reason, which goes to the server', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      [PENDING]: { body: page([pending]) },
      'POST /api/admin/bookings/7/refuse/': { body: { ...pending, status: 'refused', status_label: 'Abgelehnt' } },
    });
    const user = userEvent.setup();
    render('/admin/buchungen');
    await user.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buchung ablehnen' });
    const confirm = within(dialog).getByRole('button', { name: 'Ablehnen' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Grund der Ablehnung' }), 'Renovierung');
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/bookings/7/refuse/')).toBe(true));
    expect(calls.find((c) => c.url === '/api/admin/bookings/7/refuse/')!.body).toEqual({ reason: 'Renovierung' });
  });
});

describe("back office: 'Buchungskalender'", () => {
  it('shows a week of every resource with the household, moves by week and cancels with a message', async () => {
    let cancelled = false;
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/?page_size=100': {
        body: page([
          {
            ...guestFlat,
            blocks: [
              {
                id: 4,
                starts_at: '2030-06-16T22:00:00.000Z',
                ends_at: '2030-06-17T22:00:00.000Z',
                reason: 'Malerarbeiten',
              },
            ],
          },
          laundry,
        ]),
      },
      [week('2030-06-10')]: { body: { ...page([pending]), count: 1 } },
      [week('2030-06-17')]: () => ({
        body: page([cancelled ? { ...washing, status: 'cancelled', status_label: 'Storniert' } : washing]),
      }),
      'POST /api/admin/bookings/8/cancel/': () => {
        cancelled = true;
        return { body: { ...washing, status: 'cancelled', status_label: 'Storniert' } };
      },
    });
    const user = userEvent.setup();
    render('/admin/buchungen/kalender?woche=2030-06-12');
    expect(await screen.findByRole('heading', { level: 2, name: 'KW 24: 10.06. – 16.06.2030' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Buchungen vom 10.06.2030 bis 16.06.2030' });
    const flat = within(grid).getByRole('row', { name: /^Gästewohnung/ });
    // Two nights, Thursday (arrival) and Friday, and the day of departure.
    const stay = within(flat).getAllByRole('button', { name: /Anna Achter, Wohnung A-0101, Wartet auf Freigabe$/ });
    expect(stay.map((b) => b.textContent)).toEqual([
      'AnreiseA-0101Anna Achterwartet',
      'A-0101Anna Achterwartet',
      'AbreiseA-0101Anna Achterwartet',
    ]);
    expect(within(flat).getAllByRole('cell')[3]).toContainElement(stay[0]!);
    expect(within(flat).getAllByRole('cell')[5]).toContainElement(stay[2]!);

    await user.click(screen.getByRole('button', { name: 'Nächste Woche' }));
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/buchungen/kalender?woche=2030-06-17');
    const next = await screen.findByRole('table', { name: 'Buchungen vom 17.06.2030 bis 23.06.2030' });
    // Monday 17 June is blocked for the guest flat, with the reason residents see.
    expect(within(within(next).getByRole('row', { name: /^Gästewohnung/ })).getAllByRole('cell')[0]).toHaveTextContent(
      'GesperrtMalerarbeiten',
    );
    const slot = within(next).getByRole('button', {
      name: 'Waschküche, Dienstag, 18.06.2030, 09:00–11:00, Bernd Bauer, Wohnung A-0102, Gebucht',
    });
    expect(slot).toHaveTextContent('09:00–11:00A-0102');

    await user.click(slot);
    const details = await screen.findByRole('dialog', { name: 'Buchung: Waschküche' });
    expect(within(details).getByText('Bernd Bauer, Wohnung A-0102')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Stornieren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buchung stornieren' });
    await user.type(
      within(confirm).getByRole('textbox', { name: 'Nachricht an die Bewohnerin oder den Bewohner' }),
      'Rohrbruch im Keller',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Stornieren' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/bookings/8/cancel/')).toBe(true));
    expect(calls.find((c) => c.url === '/api/admin/bookings/8/cancel/')!.body).toEqual({
      message: 'Rohrbruch im Keller',
    });
    // Cancelled bookings leave the grid unless asked for.
    await waitFor(() => expect(within(next).queryByRole('button', { name: /Bernd Bauer/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Stornierte und abgelehnte Buchungen zeigen' }));
    expect(within(next).getByRole('button', { name: /Bernd Bauer, Wohnung A-0102, Storniert$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vorherige Woche' }));
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/buchungen/kalender?woche=2030-06-10');
  });

  it('follows every page of a busy week', async () => {
    const many = Array.from({ length: 3 }, (_, i) => ({ ...washing, id: 100 + i, apartment_number: `A-01${10 + i}` }));
    mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/?page_size=100': { body: page([laundry]) },
      [week('2030-06-17')]: { body: { count: 3, next: 'page=2', previous: null, results: many.slice(0, 2) } },
      [week('2030-06-17', 2)]: { body: { count: 3, next: null, previous: 'page=1', results: many.slice(2) } },
    });
    render('/admin/buchungen/kalender?woche=2030-06-17');
    expect(await screen.findByText('3 Buchungen in dieser Woche')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Wohnung A-0112/ })).toBeInTheDocument();
  });
});
