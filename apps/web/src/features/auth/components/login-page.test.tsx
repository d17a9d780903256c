import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { setLanguage } from '@/i18n';
import LoginPage from './login-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('de');
});

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Benutzername'), username);
  if (password) await user.type(screen.getByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('login page', () => {
  it("has the fields 'Benutzername' and 'Passwort' and the link 'Passwort vergessen?'", () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('requires both fields without calling the API', async () => {
    const calls = mockFetch({});
    renderWithApp(<LoginPage />, { path: '/login' });
    await submit('   ', '');
    expect(screen.getAllByText('Eingabe ist zwingend')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it("tells a property manager that this is the residents' app and links to the back office", async () => {
    mockFetch({
      'POST /api/login/': {
        status: 403,
        body: { detail: 'Dieses Konto gehört zur Hausverwaltung.', code: 'staff_account' },
      },
    });
    renderWithApp(<LoginPage />, { path: '/login' });
    await submit('verwaltung@example.org', 'Demo1234!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Hier melden sich Bewohnerinnen und Bewohner an.');
    expect(screen.getByRole('link', { name: 'Zum Verwaltungsbereich' })).toHaveAttribute('href', '/admin/login');
  });

  it('shows the German message for an unknown apartment under the username', async () => {
    mockFetch({ 'POST /api/login/': { status: 400, body: { non_field_errors: ['Unknown apartment number'] } } });
    renderWithApp(<LoginPage />, { path: '/login' });
    await submit('X-1', 'secret');
    const message = await screen.findByText('Der Benutzername ist falsch, bitte überprüfen Sie die Schreibweise');
    expect(screen.getByLabelText('Benutzername')).toHaveAttribute('aria-describedby', message.id);
  });

  it('moves the focus to the error message after a failed login, each time', async () => {
    mockFetch({ 'POST /api/login/': { status: 400, body: { non_field_errors: ['Invalid Credentials'] } } });
    renderWithApp(<LoginPage />, { path: '/login' });
    await submit('A-0101', 'falsch');
    await waitFor(() => expect(document.activeElement).toHaveClass('field-error'));
    const message = document.activeElement as HTMLElement;
    expect(message.textContent).toMatch(/\S/);
    // The field still points at it, so returning to the field reads it again.
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
    // A second failure brings the focus back, although the message is the same.
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Passwort'));
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(document.activeElement).toHaveClass('field-error'));
  });

  it('moves the focus to a form-wide error as well', async () => {
    mockFetch({ 'POST /api/login/': { status: 500, body: 'Internal Server Error' } });
    renderWithApp(<LoginPage />, { path: '/login' });
    await submit('A-0101', 'Demo1234!');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'alert'));
    expect(document.activeElement).toHaveTextContent(/\S/);
  });

  it('goes to / after a successful login', async () => {
    mockFetch({ 'POST /api/login/': { body: { token: 'tok-1234567890' } } });
    renderWithApp(<LoginPage />, { path: '/login', pattern: '/login' });
    await submit('A-0101', 'Demo1234!');
    await waitFor(() => expect(screen.getByText('andere Seite')).toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('tok-1234567890');
  });

  it('just goes to / when a token is already stored', async () => {
    localStorage.setItem('token', 'tok-already-there');
    const calls = mockFetch({});
    renderWithApp(<LoginPage />, { path: '/login', pattern: '/login' });
    await submit('A-0101', 'Demo1234!');
    await waitFor(() => expect(screen.getByText('andere Seite')).toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });

  it('has a language switch: the screen changes at once, and the choice becomes the profile’s at sign-in', async () => {
    const calls = mockFetch({
      'POST /api/login/': { body: { token: 'tok-1234567890' } },
      'PUT /api/profile/': (call) => ({ body: { language: (call.body as { language: string }).language } }),
    });
    renderWithApp(<LoginPage />, { path: '/login', pattern: '/login' });
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Sprache' });
    // Each language is named in itself, whatever the screen speaks.
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Deutsch',
      'English',
      'Türkçe',
      'Polski',
      'Українська',
      'Русский',
      'العربية',
    ]);
    await user.selectOptions(select, 'English');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(localStorage.getItem('hausportal.language')).toBe('en');
    await user.type(screen.getByLabelText('Username'), 'A-0101');
    await user.type(screen.getByLabelText('Password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('andere Seite')).toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/profile/');
    expect(put?.body).toEqual({ language: 'en' });
  });

  it('saves no language to the profile when the switch was not used', async () => {
    const calls = mockFetch({ 'POST /api/login/': { body: { token: 'tok-1234567890' } } });
    renderWithApp(<LoginPage />, { path: '/login', pattern: '/login' });
    await submit('A-0101', 'Demo1234!');
    await waitFor(() => expect(screen.getByText('andere Seite')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps a language that came from the browser only over the default German', async () => {
    const tr = (await import('@/i18n/locales/tr/core')).core;
    for (const [stored, expectPut] of [
      ['de', true],
      ['pl', false],
    ] as const) {
      await setLanguage('tr'); // what initialLanguage() made of a Turkish browser
      const calls = mockFetch({
        'POST /api/login/': { body: { token: 'tok-1234567890' } },
        'GET /api/profile/': { body: { language: stored } },
        'PUT /api/profile/': (call) => ({ body: { language: (call.body as { language: string }).language } }),
      });
      const { unmount } = renderWithApp(<LoginPage />, { path: '/login', pattern: '/login' });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(tr.login.username), 'A-0101');
      await user.type(screen.getByLabelText(tr.login.password), 'Demo1234!');
      await user.click(screen.getByRole('button', { name: tr.login.submit }));
      await waitFor(() => expect(screen.getByText('andere Seite')).toBeInTheDocument());
      const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/profile/');
      expect(put?.body, `profile ${stored}`).toEqual(expectPut ? { language: 'tr' } : undefined);
      unmount();
      localStorage.clear();
    }
  });
});
