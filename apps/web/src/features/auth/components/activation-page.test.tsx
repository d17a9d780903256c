import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { makeStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import ActivationPage from './activation-page';
import LoginPage from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The page at `path`, with the real sign-in page behind /login. */
function open(path: string) {
  renderWithApp(
    <Routes>
      <Route path="/aktivieren/:code?" element={<ActivationPage />} />
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { path },
  );
  return userEvent.setup();
}

describe('activation page (/aktivieren)', () => {
  it('signs the resident in at once with the token of the answer and leads to the welcome step', async () => {
    mockFetch({
      'POST /api/activation/': {
        body: { apartment_number: 'A-0101', detail: 'Ihr Konto ist eingerichtet.', token: 'sitzung-123' },
      },
    });
    const store = makeStore({ persist: false });
    renderWithApp(
      <Routes>
        <Route path="/aktivieren/:code?" element={<ActivationPage />} />
        <Route path="/willkommen" element={<p>Benachrichtigungen und App</p>} />
      </Routes>,
      { path: '/aktivieren/abcd-efgh-jkm2', store },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Neues Passwort'), 'Mein-Passwort1');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'Mein-Passwort1');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByText('Benachrichtigungen und App')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('sitzung-123');
    expect(screen.queryByLabelText('Benutzername')).not.toBeInTheDocument();
  });

  it('without a session (access not open yet) sets the password and leads to the sign-in', async () => {
    const calls = mockFetch({
      'POST /api/activation/': {
        body: {
          apartment_number: 'A-0101',
          detail: 'Ihr Konto ist eingerichtet. Bitte melden Sie sich jetzt an.',
          token: null,
        },
      },
    });
    const user = open('/aktivieren/abcd-efgh-jkm2');
    expect(screen.getByRole('heading', { name: 'Konto aktivieren' })).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Aktivierungscode' });
    expect(code).toHaveValue('ABCD-EFGH-JKM2');
    await user.type(screen.getByLabelText('Neues Passwort'), 'Mein-Passwort1');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'Mein-Passwort1');
    await user.type(screen.getByRole('textbox', { name: 'E-Mail (optional)' }), 'anna@example.org');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ihr Konto ist eingerichtet. Melden Sie sich jetzt mit Ihrer Wohnungsnummer A-0101 und Ihrem neuen Passwort an.',
    );
    // The number stays one left-to-right piece inside a right-to-left sentence.
    expect(screen.getByText('A-0101').tagName).toBe('BDI');
    expect(calls.find((c) => c.url === '/api/activation/')!.body).toEqual({
      code: 'ABCDEFGHJKM2',
      password: 'Mein-Passwort1',
      repeat_password: 'Mein-Passwort1',
      email: 'anna@example.org',
    });
    await user.click(screen.getByRole('button', { name: 'Zur Anmeldung' }));
    expect(await screen.findByLabelText('Benutzername')).toHaveValue('A-0101');
  });

  it('lets the code be typed, and checks its form and the passwords before sending', async () => {
    const calls = mockFetch({});
    const user = open('/aktivieren');
    const code = screen.getByRole('textbox', { name: 'Aktivierungscode' });
    expect(code).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(screen.getAllByText('Eingabe ist zwingend')).toHaveLength(3);

    await user.type(code, 'O0I1ABCDEFGH');
    await user.type(screen.getByLabelText('Neues Passwort'), 'kurz');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'kurz');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Der Aktivierungscode besteht aus 12 Buchstaben und Ziffern'),
    );
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(
      'Das Passwort muss mindestens 8 Zeichen lang sein.',
    );
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s German refusal of a used code under the code', async () => {
    const used =
      'Dieser Aktivierungscode wurde bereits verwendet. Melden Sie sich mit Ihrer Wohnungsnummer und Ihrem Passwort an.';
    mockFetch({ 'POST /api/activation/': { status: 400, body: { code: [used] } } });
    const user = open('/aktivieren/ABCD-EFGH-JKM2');
    await user.type(screen.getByLabelText('Neues Passwort'), 'Mein-Passwort1');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'Mein-Passwort1');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByText(used)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Aktivierungscode' })).toHaveAccessibleDescription(
      expect.stringContaining(used),
    );
  });

  it('shows the password policy’s German reason under the new password, described for screen readers', async () => {
    const weak =
      'Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.';
    mockFetch({ 'POST /api/activation/': { status: 400, body: { password: [weak] } } });
    const user = open('/aktivieren/ABCD-EFGH-JKM2');
    await user.type(screen.getByLabelText('Neues Passwort'), '12345678');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByText(weak)).toBeInTheDocument();
    const field = screen.getByLabelText('Neues Passwort');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(weak));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // The focus goes to the refused field, so a screen reader reads the reason at once.
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('shows a 429 with its wait as a form-wide message', async () => {
    const wait = 'Zu viele Versuche. Bitte versuchen Sie es in 1 Minute erneut.';
    mockFetch({ 'POST /api/activation/': { status: 429, body: { detail: wait } } });
    const user = open('/aktivieren/ABCD-EFGH-JKM2');
    await user.type(screen.getByLabelText('Neues Passwort'), 'Mein-Passwort1');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'Mein-Passwort1');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
  });
});
