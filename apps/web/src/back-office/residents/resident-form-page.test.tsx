import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import ResidentsPage from './residents-page';

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

const created = {
  id: 41,
  name: 'Jörg Öztürk',
  apartment_number: 'A-0303',
  email: 'joerg@example.org',
  location_id: 2,
  location_title: 'Haus am See',
  is_receptionist: true,
  emergency_services_deactivated: false,
  is_active: true,
  invited_at: null,
  erased_at: null,
  created_at: '2026-02-01T09:00:00+00:00',
  account_status: 'never',
  last_login_at: null,
  activation_expires_at: null,
  external_id: null,
  move_in_on: null,
  move_out_on: null,
  access: 'open',
  access_opens_on: null,
  access_closes_on: null,
};

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Jörg Öztürk');
  await user.type(screen.getByRole('textbox', { name: /^Wohnungsnummer/ }), 'A-0303');
  await user.type(screen.getByRole('textbox', { name: /^E-Mail/ }), 'Joerg@Example.org');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Standort' }), 'Haus am See');
  await user.click(screen.getByRole('checkbox', { name: 'Rezeption' }));
}

describe('resident form', () => {
  it('checks the fields in German before anything is sent', async () => {
    const calls = mockFetch({ 'GET /api/admin/me/': { body: me } });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/new', pattern: '/admin/residents/*' });
    await user.type(await screen.findByRole('textbox', { name: /^Wohnungsnummer/ }), 'A 1');
    await user.type(screen.getByRole('textbox', { name: /^E-Mail/ }), 'kaputt');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Eingabe ist zwingend');
    expect(screen.getByRole('textbox', { name: /^Wohnungsnummer/ })).toHaveAccessibleDescription(
      /Nur Buchstaben, Ziffern/,
    );
    expect(screen.getByRole('textbox', { name: /^E-Mail/ })).toHaveAccessibleDescription(
      /Keine gültige E-Mail-Adresse\./,
    );
    expect(screen.getByRole('combobox', { name: 'Standort' })).toHaveAccessibleDescription(
      'Bitte wählen Sie einen Standort.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts the server refusal of a taken apartment number under that field', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'POST /api/admin/residents/': {
        status: 400,
        body: { apartment_number: ['Diese Wohnungsnummer ist bereits vergeben.'] },
      },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/new', pattern: '/admin/residents/*' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const apartment = screen.getByRole('textbox', { name: /^Wohnungsnummer/ });
    await waitFor(() => expect(apartment).toHaveAccessibleDescription(/Diese Wohnungsnummer ist bereits vergeben\./));
    expect(apartment).toHaveFocus();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Jörg Öztürk',
      apartment_number: 'A-0303',
      email: 'joerg@example.org',
      location_id: 2,
      is_receptionist: true,
      emergency_services_deactivated: false,
      move_in_on: null,
      move_out_on: null,
      send_invitation: false,
    });
  });

  it('creates the resident with the invitation and opens their page', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'POST /api/admin/residents/': { status: 201, body: created },
      'GET /api/admin/residents/41/': { body: created },
      // ADR 028: the chosen location's prefix is named next to the apartment number.
      'GET /api/admin/locations/2/': { body: { id: 2, title: 'Haus am See', apartment_prefix: 'B-' } },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/new', pattern: '/admin/residents/*' });
    await fill(user);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Wohnungsnummer/ })).toHaveAccessibleDescription(
        /Wohnungsnummern dieses Standorts beginnen mit „B-“\.$/,
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Einladung gleich senden' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/residents/41'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ send_invitation: true });
    expect(await screen.findByRole('heading', { name: 'Bewohner:in bearbeiten' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deaktivieren' })).toBeInTheDocument();
  });

  it('deactivates only after the confirmation that all sessions end', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/41/': { body: created },
      'POST /api/admin/residents/41/deactivate/': { body: { ...created, is_active: false } },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/41', pattern: '/admin/residents/*' });
    await user.click(await screen.findByRole('button', { name: 'Deaktivieren' }));
    expect(screen.getByText(/Alle Sitzungen werden beendet\./)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/deactivate/'))).toBe(false);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/deactivate/'))).toBe(true));
  });
});
