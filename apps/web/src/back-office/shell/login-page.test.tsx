import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import { AdminRoutes } from './admin-routes';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [
    { id: 1, title: 'Haus Nord', name: 'nord' },
    { id: 2, title: 'Haus Süd', name: 'sued' },
  ],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};
const summary = { pending_messages: 2, pending_comments: 1, open_reports: 0, total: 3 };

async function signIn(user: ReturnType<typeof userEvent.setup>, password = 'geheim') {
  await user.type(await screen.findByLabelText(/^E-Mail/), 'petra@example.org');
  await user.type(screen.getByLabelText(/^Passwort/), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('staff sign-in and shell', () => {
  it('shows the German refusal of a wrong password and keeps the visitor on the sign-in', async () => {
    const calls = mockFetch({
      'POST /api/staff/login/': { status: 400, body: { non_field_errors: ['E-Mail oder Passwort ist falsch.'] } },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/login', token: null });
    await signIn(user, 'falsch');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(calls[0]!.body).toEqual({ email: 'petra@example.org', password: 'falsch' });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(localStorage.getItem('hausportal.adminToken')).toBeNull();
  });

  it('signs in, keeps the resident token untouched and shows name, locations and the pending count', async () => {
    localStorage.setItem('token', 'resident-token');
    mockFetch({
      'POST /api/staff/login/': { body: { token: 'abc' } },
      'GET /api/admin/me/': (call) => (call.headers.Authorization === 'Token abc' ? { body: me } : { status: 401 }),
      'GET /api/admin/moderation/summary/': { body: summary },
      'GET /api/admin/overview/': { body: { locations: [] } },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/login', token: null });
    await signIn(user);
    expect(await screen.findByText('Petra Verwalterin')).toBeInTheDocument();
    // The day starts on 'Übersicht'.
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/uebersicht');
    expect(localStorage.getItem('hausportal.adminToken')).toBe('abc');
    expect(localStorage.getItem('token')).toBe('resident-token');
    const nav = screen.getByRole('navigation', { name: 'Verwaltung' });
    expect(await screen.findByText('3 offen')).toBeInTheDocument();
    expect(nav).toHaveTextContent('Bewohner:innen');
    expect(screen.getByRole('combobox', { name: 'Standort' })).toHaveTextContent('Haus Süd');
  });

  it('keeps the chosen location in the URL and in every navigation link', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/moderation/summary/': { body: summary },
      'GET /api/admin/moderation/summary/?location_id=2': { body: { ...summary, total: 1 } },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/residents' });
    expect(await screen.findByRole('heading', { name: 'Bewohner:innen' })).toBeInTheDocument();
    await screen.findByText('Petra Verwalterin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Standort' }), 'Haus Süd');
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/residents?location_id=2');
    expect(screen.getByRole('link', { name: 'Aushänge' })).toHaveAttribute('href', '/admin/notices?location_id=2');
    expect(await screen.findByText('1 offen')).toBeInTheDocument();
  });

  it("signs out with 'Abmelden' and forgets only the staff token", async () => {
    localStorage.setItem('token', 'resident-token');
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/moderation/summary/': { body: summary },
      'GET /api/logout/': { body: {} },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/audit' });
    await screen.findByText('Petra Verwalterin');
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/logout/' && c.headers.Authorization === 'Token staff-token')).toBe(true);
    expect(localStorage.getItem('hausportal.adminToken')).toBeNull();
    expect(localStorage.getItem('token')).toBe('resident-token');
  });

  it('leads to the sign-in with a note when the session has expired (401)', async () => {
    mockFetch({
      'GET /api/admin/me/': { status: 401, body: { detail: 'Ungültiges Token.' } },
      'GET /api/admin/moderation/summary/': { status: 401, body: { detail: 'Ungültiges Token.' } },
    });
    renderAdmin(<AdminRoutes />, { path: '/admin/notices' });
    expect(
      await screen.findByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/login'));
  });

  it('sends a visitor without a staff token from any back-office page to the sign-in', async () => {
    mockFetch({});
    renderAdmin(<AdminRoutes />, { path: '/admin/moderation', token: null });
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Anmeldung Hausverwaltung' })).toBeInTheDocument();
  });
});
