import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { restoreSpecDelays } from '@/test/setup';
import ChangePasswordPage from './change-password-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/change-password" element={<ChangePasswordPage />} />
      <Route path="/profile/success" element={<p>Profil mit Erfolg</p>} />
    </Routes>,
    { path: '/change-password' },
  );
}

async function fill(current: string, next: string, repeat: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Aktuelles Passwort'), current);
  await user.type(screen.getByLabelText('Neues Passwort'), next);
  await user.type(screen.getByLabelText('Neues Passwort bestätigen'), repeat);
  await user.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
}

describe('change password page', () => {
  it('maps a wrong old password to the German text under the current password', async () => {
    mockFetch({ 'PUT /api/profile/changepassword/': { status: 400, body: { old_password: ['Wrong password'] } } });
    renderPage();
    await fill('falsch', 'Neu12345!', 'Neu12345!');
    expect(
      await screen.findByText('Das eingegebene Passwort ist falsch, bitte überprüfen Sie die Schreibweise.'),
    ).toBeInTheDocument();
  });

  it('maps the mismatch to the repeat field and shows other non-field errors in the general area', async () => {
    mockFetch({
      'PUT /api/profile/changepassword/': {
        status: 400,
        body: { non_field_errors: ['Passwords do not match', 'Zu viele Versuche.'] },
      },
    });
    renderPage();
    await fill('Demo1234!', 'Neu12345!', 'Neu12345?');
    const mismatch = await screen.findByText('Die Passwörter stimmen nicht überein.');
    expect(screen.getByLabelText('Neues Passwort bestätigen')).toHaveAttribute('aria-describedby', mismatch.id);
    expect(screen.getByRole('alert')).toHaveTextContent('Zu viele Versuche.');
  });

  it('puts the focus on the new password when the server refuses it as too weak', async () => {
    const weak =
      'Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.';
    mockFetch({ 'PUT /api/profile/changepassword/': { status: 400, body: { new_password: [weak] } } });
    renderPage();
    await fill('Demo1234!', '12345678', '12345678');
    expect(await screen.findByText(weak)).toBeInTheDocument();
    const field = screen.getByLabelText('Neues Passwort');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(weak));
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('goes to /profile/success one second after a successful change', async () => {
    restoreSpecDelays();
    mockFetch({ 'PUT /api/profile/changepassword/': { body: { status: 'OK' } } });
    renderPage();
    const started = Date.now();
    await fill('Demo1234!', 'Neu12345!', 'Neu12345!');
    await waitFor(() => expect(screen.getByText('Profil mit Erfolg')).toBeInTheDocument(), { timeout: 4000 });
    // 500 ms before the call, 1000 ms after it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });
});
