import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { moved } from '../components/ordered-table';
import PhonesPage from './phones-page';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [
    { id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' },
    { id: 2, title: 'Haus am See', name: 'see' },
  ],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

const phone = (id: number, name: string, extra = {}) => ({
  id,
  name,
  number: `+49 30 ${id}00`,
  icon: '',
  highlighted: false,
  hidden: false,
  location_id: 1,
  sort_order: id,
  ...extra,
});
const phones = [
  phone(1, 'Hausmeister', { highlighted: true }),
  phone(2, 'Notdienst'),
  phone(3, 'Polizei', { hidden: true }),
];
const LIST = 'GET /api/admin/phones/?location_id=1&page_size=100';

describe('phone numbers screen', () => {
  it('lists the numbers in order with their flags', async () => {
    mockFetch({ 'GET /api/admin/me/': { body: me }, [LIST]: { body: page(phones) } });
    renderAdmin(<PhonesPage />, { path: '/admin/phones' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th .admin-title-cell')!.textContent)).toEqual([
      'Hausmeister',
      'Notdienst',
      'Polizei',
    ]);
    expect(within(rows[0]!).getAllByText('Hervorgehoben')[0]).toBeInTheDocument();
    expect(within(rows[2]!).getAllByText('Ausgeblendet')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '„Hausmeister“ nach oben' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '„Polizei“ nach unten' })).toBeDisabled();
  });

  it('moves a number down with the keyboard, sends the new order and keeps the focus on it', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      [LIST]: { body: page(phones) },
      'POST /api/admin/phones/order/': { body: page([phones[1], phones[0], phones[2]]) },
    });
    const user = userEvent.setup();
    renderAdmin(<PhonesPage />, { path: '/admin/phones' });
    const down = await screen.findByRole('button', { name: '„Hausmeister“ nach unten' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/phones/order/')).toBe(true));
    expect(calls.find((c) => c.url === '/api/admin/phones/order/')!.body).toEqual({ location_id: 1, ids: [2, 1, 3] });
    expect(await screen.findByText('„Hausmeister“ steht jetzt an Position 2 von 3.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Hausmeister');
    expect(screen.getByRole('button', { name: '„Hausmeister“ nach unten' })).toHaveFocus();
  });

  it('creates a number for the chosen location and shows server field errors', async () => {
    let attempts = 0;
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/phones/?location_id=2&page_size=100': { body: page([]) },
      'POST /api/admin/phones/': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { number: ['Bitte geben Sie eine Telefonnummer aus Ziffern ein.'] } }
          : { status: 201, body: phone(9, 'Apotheke', { location_id: 2 }) };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<PhonesPage />, { path: '/admin/phones?location_id=2' });
    expect(await screen.findByText('Für diesen Standort gibt es noch keine Telefonnummern.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Neue Telefonnummer' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Apotheke');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nummer' }), '030 1234');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hervorgehoben' }));
    // Translations are optional and folded away; a Turkish and an Arabic name are given, the rest left empty.
    await user.click(within(dialog).getByText('Übersetzungen (optional)'));
    await user.type(within(dialog).getByRole('textbox', { name: /^Türkisch: Name/ }), 'Eczane');
    const arabic = within(dialog).getByRole('textbox', { name: /^Arabisch: Name/ });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await user.type(arabic, 'صيدلية');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte geben Sie eine Telefonnummer aus Ziffern ein.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(calls.filter((c) => c.method === 'POST')[0]!.body).toEqual({
      location_id: 2,
      name: 'Apotheke',
      number: '030 1234',
      icon: '',
      highlighted: true,
      hidden: false,
      translations: { tr: { name: 'Eczane' }, ar: { name: 'صيدلية' } },
    });
  });

  it('deletes only after the confirmation', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      [LIST]: { body: page(phones) },
      'DELETE /api/admin/phones/2/': { status: 204 },
    });
    const user = userEvent.setup();
    renderAdmin(<PhonesPage />, { path: '/admin/phones' });
    await user.click(await screen.findByRole('button', { name: 'Löschen: Notdienst' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/phones/2/')).toBe(true),
    );
  });

  it('moves ids one place and leaves the ends alone', () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
