import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import BookingsPage from './bookings-page';
import { guestFlat, laundry, manager } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const usage = (month: string, flat: number[], wash: number[]) => ({
  body: {
    month,
    resources: [
      { resource_id: 1, name: 'Gästewohnung', location_id: 1, bookings: flat[0], hours: flat[1], households: flat[2] },
      { resource_id: 2, name: 'Waschküche', location_id: 1, bookings: wash[0], hours: wash[1], households: wash[2] },
    ],
  },
});

describe("back office: 'Auslastung'", () => {
  it('shows per resource the bookings, the nights or hours and the households of a month, month by month', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/?page_size=100': { body: page([guestFlat, laundry]) },
      'GET /api/admin/bookings/usage/?month=2030-03': usage('2030-03', [3, 167, 2], [12, 24, 7]),
      'GET /api/admin/bookings/usage/?month=2030-02': usage('2030-02', [1, 48, 1], [0, 0, 0]),
    });
    const user = userEvent.setup();
    renderAdmin(<BookingsPage />, { path: '/admin/buchungen/auslastung?monat=2030-03', pattern: '/admin/buchungen/*' });
    const table = await screen.findByRole('table', { name: 'Auslastung je Raum oder Gerät im März 2030' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Raum oder Gerät', 'Buchungen', 'Belegt', 'Haushalte']);
    // 167 hours over the switch to summer time are 7 nights.
    const flat = within(table).getByRole('row', { name: /^Gästewohnung/ });
    expect(
      within(flat)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '7 Nächte', '2']);
    const wash = within(table).getByRole('row', { name: /^Waschküche/ });
    expect(
      within(wash)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '24 Stunden', '7']);

    await user.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/buchungen/auslastung?monat=2030-02');
    const february = await screen.findByRole('table', { name: 'Auslastung je Raum oder Gerät im Februar 2030' });
    const quiet = within(february).getByRole('row', { name: /^Waschküche/ });
    expect(
      within(quiet)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0 Stunden', '0']);
    expect(screen.getByLabelText('Monat wählen')).toHaveValue('2030-02');
  });
});
