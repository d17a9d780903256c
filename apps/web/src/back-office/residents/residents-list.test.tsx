import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import type { AdminResident } from '@hausportal/contract';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import ResidentsPage from './residents-page';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [{ id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

const base: AdminResident = {
  id: 1,
  name: 'Anna Beispiel',
  apartment_number: 'A-0101',
  email: 'anna@example.org',
  location_id: 1,
  location_title: 'Residenz am Stadtpark',
  is_receptionist: false,
  emergency_services_deactivated: false,
  is_active: true,
  invited_at: null,
  erased_at: null,
  created_at: '2026-01-05T10:00:00Z',
  account_status: 'active',
  last_login_at: '2026-11-20T08:00:00Z',
  activation_expires_at: null,
  external_id: null,
  move_in_on: null,
  move_out_on: null,
  access: 'open',
  access_opens_on: null,
  access_closes_on: null,
};
const residents: AdminResident[] = [
  base,
  {
    ...base,
    id: 2,
    name: 'Bernd Muster',
    apartment_number: 'A-0102',
    account_status: 'invited',
    last_login_at: null,
    activation_expires_at: '2026-12-24T10:00:00Z',
  },
  { ...base, id: 3, name: 'Carla Neu', apartment_number: 'A-0103', account_status: 'never', last_login_at: null },
  {
    ...base,
    id: 4,
    name: 'Dieter Zu',
    apartment_number: 'A-0104',
    is_active: false,
    account_status: 'deactivated',
  },
];
const page = (results: AdminResident[]) => ({ count: results.length, next: null, previous: null, results });

function open(path = '/admin/residents') {
  const user = userEvent.setup();
  renderAdmin(
    <>
      <ResidentsPage />
      <ToastContainer />
    </>,
    { path, pattern: '/admin/residents/*' },
  );
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (URL as Partial<typeof URL>).createObjectURL;
  delete (URL as Partial<typeof URL>).revokeObjectURL;
});

describe('residents list: account status and activation letters', () => {
  it('shows each account’s status in words with its detail, and filters by status (Konten)', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/?page=1&page_size=25': { body: page(residents) },
      'GET /api/admin/residents/?page=1&page_size=25&status=never': { body: page([residents[2]!]) },
    });
    const user = open();
    const table = await screen.findByRole('table', { name: 'Bewohner:innen' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('Anna Beispiel');
    expect(within(rowOf('Anna Beispiel')).getByText('Aktiv')).toBeInTheDocument();
    expect(within(rowOf('Anna Beispiel')).getByText('zuletzt 20.11.2026')).toBeInTheDocument();
    expect(within(rowOf('Bernd Muster')).getByText('Eingeladen')).toBeInTheDocument();
    expect(within(rowOf('Bernd Muster')).getByText('Code gültig bis 24.12.2026')).toBeInTheDocument();
    expect(within(rowOf('Carla Neu')).getByText('Nie angemeldet')).toBeInTheDocument();
    expect(within(rowOf('Dieter Zu')).getByText('Deaktiviert')).toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Konten' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle', 'Eingeladen', 'Aktiv', 'Nie angemeldet', 'Deaktiviert']);
    await user.selectOptions(filter, 'Nie angemeldet');
    await waitFor(() => expect(within(table).queryByText('Anna Beispiel')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url.endsWith('&status=never'))).toBe(true);
    expect(within(table).getByText('Carla Neu')).toBeInTheDocument();
  });

  it('prints the letters of the selected residents as one PDF download', async () => {
    const posts: Call[] = [];
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/?page=1&page_size=25': { body: page(residents) },
      'POST /api/admin/residents/activation-letters/': (call) => {
        posts.push(call);
        return { body: '%PDF-1.7 …' };
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:letters');
    URL.revokeObjectURL = vi.fn();
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    const user = open();
    const print = await screen.findByRole('button', { name: 'Aktivierungsbriefe drucken' });
    expect(print).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Bernd Muster (Wohnung A-0102) auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Carla Neu (Wohnung A-0103) auswählen' }));
    expect(screen.getByText('2 Personen ausgewählt')).toBeInTheDocument();
    await user.click(print);
    expect(
      await screen.findByText('2 Aktivierungsbriefe wurden erstellt. Frühere Codes gelten nicht mehr.'),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ ids: [2, 3] });
    expect(posts[0]!.headers.Authorization).toMatch(/^Token /);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.download).toBe('Aktivierungsbriefe.pdf');
    expect(saved[0]!.href).toBe('blob:letters');
    // The selection is cleared once printed.
    expect(screen.getByRole('checkbox', { name: 'Bernd Muster (Wohnung A-0102) auswählen' })).not.toBeChecked();
  });

  it('shows the server’s refusal of a deactivated account and keeps the selection', async () => {
    const refusal =
      'Für gelöschte oder deaktivierte Konten gibt es keine Aktivierungsbriefe: Dieter Zu (Wohnung A-0104). Bitte wählen Sie diese ab oder aktivieren Sie das Konto zuerst.';
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/?page=1&page_size=25': { body: page(residents) },
      'POST /api/admin/residents/activation-letters/': { status: 400, body: { ids: [refusal] } },
    });
    const user = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Dieter Zu (Wohnung A-0104) auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Aktivierungsbriefe drucken' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Dieter Zu (Wohnung A-0104) auswählen' })).toBeChecked();
  });
});
