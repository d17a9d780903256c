import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { makeStore } from '@/app/store';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { setLanguage } from '@/i18n';
import WelcomePage from './welcome-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLanguage('de');
});

const ines = { name: 'Ines Neu', location_title: 'Residenz am Stadtpark', apartment_number: 'A-0105' };

/** /willkommen/{token}, with a stand-in for the step after it. */
function open(path = '/willkommen/einladung-123') {
  const store = makeStore({ persist: false });
  renderWithApp(
    <Routes>
      <Route path="/willkommen/:token" element={<WelcomePage />} />
      <Route path="/willkommen" element={<p>Benachrichtigungen und App</p>} />
      <Route path="/login" element={<p>Anmeldung</p>} />
    </Routes>,
    { path, store },
  );
  return { store, user: userEvent.setup() };
}

describe('the invitation link (/willkommen/{token})', () => {
  it('greets by name, house and apartment, shows the password rules first, and signs the resident in', async () => {
    const calls = mockFetch({
      'POST /api/welcome/lookup/': { body: ines },
      'POST /api/welcome/': { body: { token: 'sitzung-456' } },
    });
    const { store, user } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeInTheDocument();
    expect(await screen.findByText('Guten Tag Ines Neu,')).toBeInTheDocument();
    const home = screen.getByText(
      (_, el) => el?.tagName === 'P' && el.textContent === 'Ihr Zugang für Residenz am Stadtpark, Wohnung A-0105.',
    );
    expect(home).toBeInTheDocument();
    // Never the lost-password page: this is a first visit.
    expect(screen.queryByText(/Passwort vergessen/)).not.toBeInTheDocument();
    const rules = screen.getByText(/^Ihr Passwort: mindestens 8 Zeichen/);
    const field = screen.getByLabelText('Neues Passwort');
    expect(rules.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(field, 'Drei-Woerter-hier');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'Drei-Woerter-hier');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen und anmelden' }));

    expect(await screen.findByText('Benachrichtigungen und App')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('sitzung-456');
    expect(calls.find((c) => c.url === '/api/welcome/')!.body).toEqual({
      token: 'einladung-123',
      password: 'Drei-Woerter-hier',
      repeat_password: 'Drei-Woerter-hier',
    });
  });

  it('sets the apartment number and the house into the Arabic sentence each inside <bdi>, the full stop outside', async () => {
    mockFetch({ 'POST /api/welcome/lookup/': { body: ines } });
    await act(() => setLanguage('ar'));
    open();
    const apartment = await screen.findByText('A-0105');
    expect(apartment.tagName).toBe('BDI');
    const sentence = apartment.closest('p')!;
    expect(sentence).toHaveTextContent('وصولكم إلى Residenz am Stadtpark، الشقة A-0105.');
    expect(screen.getByText('Residenz am Stadtpark').tagName).toBe('BDI');
    // No stray marks or doubled isolation around the values.
    expect(sentence.textContent).toBe('وصولكم إلى Residenz am Stadtpark، الشقة A-0105.');
    expect(apartment.nextSibling?.textContent).toBe('.');
  });

  it('checks that the two passwords match before sending', async () => {
    const calls = mockFetch({ 'POST /api/welcome/lookup/': { body: ines } });
    const { user } = open();
    await user.type(await screen.findByLabelText('Neues Passwort'), 'Drei-Woerter-hier');
    await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'Drei-Woerter-da');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen und anmelden' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/welcome/')).toBe(false);
  });

  it('says a used or expired link is over and leads to the sign-in', async () => {
    mockFetch({ 'POST /api/welcome/lookup/': { status: 404, body: { status: 'notfound' } } });
    const { user } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Einladungslink ist abgelaufen oder wurde schon verwendet.',
    );
    expect(screen.queryByLabelText('Neues Passwort')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zur Anmeldung' }));
    expect(await screen.findByText('Anmeldung')).toBeInTheDocument();
  });
});
