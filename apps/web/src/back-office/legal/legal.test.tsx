import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminLegalPage } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import LegalPages from './legal-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function legal(page: AdminLegalPage['page'], title: string, over: Partial<AdminLegalPage> = {}): AdminLegalPage {
  return {
    page,
    title,
    html: `<h2>${title}</h2>\n<p>Vorlagentext</p>`,
    markdown: `## ${title}\n\nVorlagentext`,
    template: true,
    updated_at: null,
    updated_by_name: null,
    editable: true,
    ...over,
  };
}

const pages = (over: Partial<AdminLegalPage> = {}) => [
  legal('impressum', 'Impressum', over),
  legal('datenschutz', 'Datenschutzerklärung', over),
  legal('barrierefreiheit', 'Erklärung zur Barrierefreiheit', over),
];

function Screens() {
  return (
    <>
      <Routes>
        <Route path="/admin/rechtliches/*" element={<LegalPages />} />
      </Routes>
      <ToastContainer />
    </>
  );
}

describe("'Rechtliche Seiten' in the back office", () => {
  it('lists the three pages, each marked as template until saved, with a link to edit and to open it', async () => {
    mockFetch({
      'GET /api/admin/legal/': {
        body: page([
          legal('impressum', 'Impressum', {
            template: false,
            updated_at: '2026-11-20T09:30:00Z',
            updated_by_name: 'Ada Admin',
          }),
          ...pages().slice(1),
        ]),
      },
    });
    renderAdmin(<Screens />, { path: '/admin/rechtliches' });
    const impressum = (await screen.findByRole('heading', { name: 'Impressum' })).closest('li')!;
    expect(within(impressum).getByText('Gespeichert')).toBeInTheDocument();
    expect(within(impressum).getByText('Zuletzt geändert 20.11.2026, 10:30 von Ada Admin')).toBeInTheDocument();
    expect(within(impressum).getByRole('link', { name: 'Bearbeiten: Impressum' })).toHaveAttribute(
      'href',
      '/admin/rechtliches/impressum',
    );
    expect(within(impressum).getByRole('link', { name: /^Seite öffnen: Impressum/ })).toHaveAttribute(
      'href',
      '/impressum',
    );
    const statement = screen.getByRole('heading', { name: 'Erklärung zur Barrierefreiheit' }).closest('li')!;
    expect(within(statement).getByText('Vorlage')).toBeInTheDocument();
    expect(within(statement).getByText('Noch nie gespeichert')).toBeInTheDocument();
  });

  it("lets an administrator edit a page's Markdown, previews it as the server renders it, and saves it", async () => {
    const calls = mockFetch({
      'GET /api/admin/legal/': { body: page(pages()) },
      'POST /api/admin/legal/preview/': (call) => ({
        body: { html: `<p>Vorschau: ${(call.body as { markdown: string }).markdown.split('\n').at(-1)}</p>` },
      }),
      'PUT /api/admin/legal/impressum/': (call) => ({
        body: legal('impressum', 'Impressum', {
          markdown: (call.body as { markdown: string }).markdown,
          template: false,
          updated_at: '2026-11-25T10:00:00Z',
          updated_by_name: 'Ada Admin',
        }),
      }),
    });
    renderAdmin(<Screens />, { path: '/admin/rechtliches/impressum' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Impressum bearbeiten' })).toBeInTheDocument();
    expect(screen.getByText(/^Vorlage – bitte vor der Inbetriebnahme anpassen/)).toBeInTheDocument();
    const text = screen.getByLabelText('Text (Markdown)');
    expect(text).toHaveValue('## Impressum\n\nVorlagentext');
    const preview = screen.getByRole('region', { name: 'Vorschau' });
    expect(within(preview).getByRole('heading', { name: 'Impressum' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(text);
    await user.type(text, 'Muster GmbH{enter}Parkallee 1');
    expect(await within(preview).findByText('Vorschau: Parkallee 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Impressum gespeichert. Bewohner:innen sehen die Seite jetzt so.'),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/legal/impressum/');
    expect(put.body).toEqual({ markdown: 'Muster GmbH\nParkallee 1' });
  });

  it('shows the German field error of a refused save under the text', async () => {
    mockFetch({
      'GET /api/admin/legal/': { body: page(pages()) },
      'POST /api/admin/legal/preview/': { body: { html: '' } },
      'PUT /api/admin/legal/datenschutz/': { status: 400, body: { markdown: ['Eingabe ist zwingend'] } },
    });
    renderAdmin(<Screens />, { path: '/admin/rechtliches/datenschutz' });
    const text = await screen.findByLabelText('Text (Markdown)');
    const user = userEvent.setup();
    await user.clear(text);
    await user.type(text, ' ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('Eingabe ist zwingend')));
  });

  it('shows a manager the page read-only, without saving', async () => {
    mockFetch({ 'GET /api/admin/legal/': { body: page(pages({ editable: false })) } });
    renderAdmin(<Screens />, { path: '/admin/rechtliches/barrierefreiheit' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Nur Administrator:innen können diese Seiten ändern/)).toBeInTheDocument();
    expect(screen.getByLabelText('Text (Markdown)')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });
});
