import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import TwoFactorPage from './two-factor-page';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};
const off = { enabled: false, enabled_at: null, required: false, recovery_codes_left: 0 };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setup = {
  secret: SECRET,
  otpauth_url: `otpauth://totp/Hausportal:petra%40example.org?secret=${SECRET}`,
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '2')}`);

describe('Zwei-Faktor-Anmeldung (back office)', () => {
  it('sets up: QR code with alt text, the secret as text, a wrong code refused, then the recovery codes once', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/two-factor/': { body: off },
      'POST /api/admin/two-factor/setup/': { body: setup },
      'POST /api/admin/two-factor/confirm/': (call) =>
        (call.body as { code: string }).code === '654321'
          ? { body: { recovery_codes: codes } }
          : {
              status: 400,
              body: { code: ['Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code ein.'] },
            },
    });
    const user = userEvent.setup();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAdmin(<TwoFactorPage />);

    expect(await screen.findByText(/noch nicht eingerichtet/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Einrichtung starten' }));
    const qr = await screen.findByRole('img', {
      name: 'QR-Code zum Einrichten der Zwei-Faktor-Anmeldung in Ihrer Authenticator-App',
    });
    expect(qr).toHaveAttribute('src', setup.qr_code);
    expect(screen.getByTestId('two-factor-secret').textContent!.replaceAll(' ', '')).toBe(SECRET);

    const code = screen.getByLabelText(/^Code aus der App/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText(/Der Code ist falsch oder abgelaufen/)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    const list = await screen.findByRole('list', { name: 'Ihre Wiederherstellungscodes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent(codes[0]!);
    expect(screen.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' })).toHaveFocus();
    expect(screen.getByText(/Jeder Code funktioniert nur einmal/)).toBeInTheDocument();
    // The secret is gone from the page once the setup is confirmed.
    expect(screen.queryByTestId('two-factor-secret')).not.toBeInTheDocument();
    // Nor does the page still claim that nothing is set up beside the new codes.
    expect(screen.queryByText(/noch nicht eingerichtet/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(codes.join('\n')));
    expect(await screen.findByRole('status')).toHaveTextContent('Die Codes wurden in die Zwischenablage kopiert.');
    expect(calls.filter((c) => c.url === '/api/admin/two-factor/confirm/').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '654321' },
    ]);
  });

  it('lets an administrator require it for every account and reset a lost phone', async () => {
    let required = false;
    const calls = mockFetch({
      'GET /api/admin/me/': { body: { ...me, role: 'admin' } },
      'GET /api/admin/two-factor/': () => ({
        body: { enabled: true, enabled_at: '2026-11-20T08:00:00Z', required, recovery_codes_left: 9 },
      }),
      'PUT /api/admin/two-factor/requirement/': (call) => {
        required = (call.body as { required: boolean }).required;
        return { body: { enabled: true, enabled_at: '2026-11-20T08:00:00Z', required, recovery_codes_left: 9 } };
      },
      'GET /api/admin/two-factor/staff/?page_size=100': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ id: 8, name: 'Olaf Ohnehandy', email: 'olaf@example.org', role: 'manager', enabled: true }],
        },
      },
      'DELETE /api/admin/two-factor/staff/8/': { body: { detail: 'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt.' } },
    });
    const user = userEvent.setup();
    renderAdmin(<TwoFactorPage />);
    expect(await screen.findByText('Sie haben noch 9 unbenutzte Wiederherstellungscodes.')).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', {
      name: 'Zwei-Faktor-Anmeldung für alle Konten der Hausverwaltung verlangen',
    });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ required: true });
    // While required, switching off is not offered.
    expect(screen.queryByRole('heading', { name: 'Zwei-Faktor-Anmeldung abschalten' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung von Olaf Ohnehandy zurücksetzen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Olaf Ohnehandy wird abgemeldet');
    await user.click(within(dialog).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
