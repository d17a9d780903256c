import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LegalPage as LegalPageData } from '@hausportal/contract';
import { setLanguage } from '@/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import LegalPage from './legal-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('de');
});

const page = (over: Partial<LegalPageData> = {}): LegalPageData => ({
  page: 'impressum',
  html: '<h2>Anbieter</h2>\n<p>Muster GmbH<br />\nParkallee 1</p>\n<p><a href="/datenschutz">Datenschutz</a> <a href="https://example.org" rel="noopener noreferrer">Website</a></p>',
  template: false,
  updated_at: '2026-11-20T09:30:00Z',
  ...over,
});

describe('a legal page', () => {
  it("shows the operator's text as the server rendered it, in German, with the date it was last changed", async () => {
    const calls = mockFetch({ 'GET /api/legal/impressum/': { body: page() } });
    renderWithApp(<LegalPage page="impressum" />, { path: '/impressum' });
    expect(screen.getByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    const text = (await screen.findByRole('heading', { level: 2, name: 'Anbieter' })).closest('article')!;
    expect(text).toHaveAttribute('lang', 'de');
    expect(text.innerHTML).toContain('Muster GmbH<br>');
    expect(within(text).getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://example.org');
    expect(screen.getByText('Zuletzt geändert am 20.11.2026')).toBeInTheDocument();
    expect(screen.queryByText('Vorlage – bitte vor der Inbetriebnahme anpassen')).not.toBeInTheDocument();
    // No sign-in needed: the call carries no token.
    expect(calls[0]!.headers).not.toHaveProperty('Authorization');
  });

  it('marks the shipped template as one until an administrator saves the page', async () => {
    mockFetch({
      'GET /api/legal/datenschutz/': { body: page({ page: 'datenschutz', template: true, updated_at: null }) },
    });
    renderWithApp(<LegalPage page="datenschutz" />, { path: '/datenschutz' });
    expect(await screen.findByRole('note')).toHaveTextContent('Vorlage – bitte vor der Inbetriebnahme anpassen');
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeInTheDocument();
    expect(screen.queryByText(/Zuletzt geändert/)).not.toBeInTheDocument();
  });

  it('keeps a link of the text to another page inside the app', async () => {
    mockFetch({ 'GET /api/legal/impressum/': { body: page() } });
    renderWithApp(<LegalPage page="impressum" />, { path: '/impressum', pattern: '/impressum' });
    const article = (await screen.findByRole('heading', { name: 'Anbieter' })).closest('article')!;
    await userEvent.click(within(article).getByRole('link', { name: 'Datenschutz' }));
    expect(await screen.findByText('andere Seite')).toBeInTheDocument();
  });

  it('links to the other two pages, marking this one as current', async () => {
    mockFetch({ 'GET /api/legal/impressum/': { body: page() } });
    renderWithApp(<LegalPage page="impressum" />, { path: '/impressum' });
    const nav = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    expect(within(nav).getByRole('link', { name: 'Impressum' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    expect(within(nav).getByRole('link', { name: 'Barrierefreiheit' })).toHaveAttribute('href', '/barrierefreiheit');
  });

  it('speaks the chosen language around the German text and says the text is German', async () => {
    await setLanguage('tr');
    mockFetch({ 'GET /api/legal/barrierefreiheit/': { body: page({ page: 'barrierefreiheit', template: true }) } });
    renderWithApp(<LegalPage page="barrierefreiheit" />, { path: '/barrierefreiheit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Erişilebilirlik beyanı' })).toBeInTheDocument();
    expect(await screen.findByText('Bu metin yalnızca Almanca olarak mevcuttur.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Şablon');
    expect(screen.getByRole('button', { name: 'Geri bildirim gönder' })).toBeInTheDocument();
  });
});

describe('the feedback form of the accessibility statement', () => {
  const statement = { 'GET /api/legal/barrierefreiheit/': { body: page({ page: 'barrierefreiheit' }) } };

  async function open() {
    renderWithApp(<LegalPage page="barrierefreiheit" />, { path: '/barrierefreiheit' });
    return screen.findByRole('button', { name: 'Rückmeldung senden' });
  }

  it('asks for the message and a valid address before sending anything', async () => {
    const calls = mockFetch(statement);
    const send = await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ihre E-Mail-Adresse (optional)'), 'kein-at-zeichen');
    await user.click(send);
    const message = screen.getByLabelText('Ihre Nachricht');
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Eingabe ist zwingend'));
    expect(message).toHaveFocus();
    expect(screen.getByLabelText('Ihre E-Mail-Adresse (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends what was typed, trimmed, and thanks with the focus on the thanks', async () => {
    const calls = mockFetch({
      ...statement,
      'POST /api/legal/barrierefreiheit/feedback/': { status: 202, body: { detail: 'Vielen Dank.' } },
    });
    const send = await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ihre Nachricht'), '  Der Knopf wird nicht vorgelesen.  ');
    await user.type(screen.getByLabelText('Wo ist es passiert? (optional)'), 'Schaden melden');
    await user.type(screen.getByLabelText('Ihre E-Mail-Adresse (optional)'), 'bea@example.org');
    await user.click(send);
    const thanks = await screen.findByText('Vielen Dank! Ihre Rückmeldung ist bei der Hausverwaltung eingegangen.');
    await waitFor(() => expect(thanks.parentElement).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      message: 'Der Knopf wird nicht vorgelesen.',
      where: 'Schaden melden',
      name: '',
      email: 'bea@example.org',
    });
    await user.click(screen.getByRole('button', { name: 'Weitere Rückmeldung schreiben' }));
    expect(screen.getByLabelText('Ihre Nachricht')).toHaveValue('');
  });

  it("shows the server's refusal, such as too many messages, and keeps what was typed", async () => {
    mockFetch({
      ...statement,
      'POST /api/legal/barrierefreiheit/feedback/': {
        status: 429,
        body: {
          detail:
            'Es wurden in kurzer Zeit sehr viele Rückmeldungen gesendet. Bitte versuchen Sie es in 5 Minuten erneut.',
        },
      },
    });
    const send = await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ihre Nachricht'), 'Zu kleine Schrift');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte versuchen Sie es in 5 Minuten erneut.');
    expect(screen.getByLabelText('Ihre Nachricht')).toHaveValue('Zu kleine Schrift');
  });
});
