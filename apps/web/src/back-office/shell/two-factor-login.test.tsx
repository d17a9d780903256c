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
  locations: [],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};
const off = { enabled: false, enabled_at: null, required: false, recovery_codes_left: 0 };

describe('staff sign-in with a second factor (ADR 025)', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const calls = mockFetch({
      'POST /api/staff/login/': (call) =>
        (call.body as { code?: string }).code === '123456'
          ? { body: { token: 'abc' } }
          : {
              status: 401,
              body: {
                detail:
                  'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
                code: 'two_factor_required',
              },
            },
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/moderation/summary/': {
        body: { pending_messages: 0, pending_comments: 0, open_reports: 0, total: 0 },
      },
      'GET /api/admin/overview/': { body: { locations: [] } },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/login', token: null });
    await user.type(await screen.findByLabelText(/^E-Mail/), 'petra@example.org');
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    const code = await screen.findByLabelText(/^Code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('heading', { name: 'Zweiter Faktor' })).toBeInTheDocument();
    // An empty code is not sent.
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte geben Sie den Code ein.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/staff/login/')).toHaveLength(1);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Petra Verwalterin')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/staff/login/').map((c) => c.body)).toEqual([
      { email: 'petra@example.org', password: 'geheim' },
      { email: 'petra@example.org', password: 'geheim', code: '123456' },
    ]);
  });

  it('routes to the setup alone when the install requires it and it is missing', async () => {
    mockFetch({
      'POST /api/staff/login/': { body: { token: 'abc' } },
      'GET /api/admin/me/': {
        status: 403,
        body: {
          detail:
            'Ihre Hausverwaltung verlangt für alle Konten die Anmeldung mit zweitem Faktor. Bitte richten Sie sie zuerst ein.',
          code: 'two_factor_setup_required',
        },
      },
      'GET /api/admin/two-factor/': { body: { ...off, required: true } },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/login', token: null });
    await user.type(await screen.findByLabelText(/^E-Mail/), 'petra@example.org');
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zwei-Faktor-Anmeldung einrichten' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einrichtung starten' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Verwaltung' })).not.toBeInTheDocument();
    expect(localStorage.getItem('hausportal.adminToken')).toBe('abc');
  });
});
