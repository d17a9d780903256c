import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { mockXhr } from '@/test/xhr-mock';
import type { AdminNotice } from '../api/types';
import { page, renderAdmin } from '../test-utils';
import NoticeFormPage from './notice-form-page';
import NoticesPage from './notices-page';

const me = {
  id: 5,
  name: 'Petra',
  email: 'p@example.org',
  role: 'manager',
  locations: [
    { id: 1, title: 'Haus Nord', name: 'nord' },
    { id: 2, title: 'Haus Süd', name: 'sued' },
  ],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

function notice(id: number, title: string, extra: Partial<AdminNotice> = {}): AdminNotice {
  return {
    id,
    title,
    text: 'Text',
    important: false,
    ends_at: null,
    created_at: '2026-03-01T10:00:00+01:00',
    updated_at: '2026-03-01T10:00:00+01:00',
    location_ids: [1],
    locations: [{ id: 1, title: 'Haus Nord' }],
    active: true,
    author_name: 'Petra',
    starts_at: null,
    scheduled: false,
    attachments: [],
    reads: { opened: 0, households: 0 },
    ...extra,
  };
}

function Screens() {
  return (
    <Routes>
      <Route path="/admin/notices" element={<NoticesPage />} />
      <Route path="/admin/notices/new" element={<NoticeFormPage />} />
      <Route path="/admin/notices/:noticeId" element={<NoticeFormPage />} />
    </Routes>
  );
}

describe('notices (Aushänge)', () => {
  it('lists notices with locations, Wichtig, end date and active or expired', async () => {
    mockFetch({
      'GET /api/admin/notices/?page=1&page_size=25': {
        body: page([
          notice(1, 'Wasser abgestellt', {
            important: true,
            ends_at: '2026-03-20T22:59:59Z',
            locations: [
              { id: 1, title: 'Haus Nord' },
              { id: 2, title: 'Haus Süd' },
            ],
          }),
          notice(2, 'Sommerfest', { active: false, ends_at: '2025-08-01T20:00:00Z' }),
        ]),
      },
    });
    renderAdmin(<Screens />, { path: '/admin/notices' });
    const table = await screen.findByRole('table', { name: 'Aushänge' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Haus Nord, Haus Süd');
    expect(first).toHaveTextContent('Wichtig');
    expect(first).toHaveTextContent('20.03.2026');
    expect(first).toHaveTextContent('Aktiv');
    expect(second).toHaveTextContent('Abgelaufen');
    expect(within(first!).getByRole('link', { name: 'Wasser abgestellt' })).toHaveAttribute('href', '/admin/notices/1');
  });

  it('deletes a notice only after the confirmation', async () => {
    let notices = [notice(1, 'Wasser abgestellt')];
    const calls = mockFetch({
      'GET /api/admin/notices/?page=1&page_size=25': () => ({ body: page(notices) }),
      'DELETE /api/admin/notices/1/': () => {
        notices = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<Screens />, { path: '/admin/notices' });
    await user.click(await screen.findByRole('button', { name: '„Wasser abgestellt“ löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aushang löschen' });
    expect(dialog).toHaveTextContent('Soll der Aushang „Wasser abgestellt“ gelöscht werden?');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: '„Wasser abgestellt“ löschen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Keine Einträge')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('creates a notice for the checked locations with the end of the chosen day', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'POST /api/admin/notices/': (call) => ({ status: 201, body: notice(9, (call.body as { title: string }).title) }),
      'GET /api/admin/notices/?page=1&page_size=25': { body: page([]) },
    });
    const user = userEvent.setup();
    renderAdmin(<Screens />, { path: '/admin/notices/new' });
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Bitte wählen Sie mindestens einen Standort.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveAccessibleDescription('Eingabe ist zwingend');

    await user.type(screen.getByRole('textbox', { name: 'Titel' }), 'Aufzug gewartet');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Am Montag von 8 bis 12 Uhr.');
    await user.click(screen.getByRole('checkbox', { name: 'Wichtig' }));
    await user.type(screen.getByLabelText(/^Sichtbar bis/), '2099-04-01');
    await user.click(screen.getByRole('checkbox', { name: 'Haus Süd' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/notices$/));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Aufzug gewartet',
      text: 'Am Montag von 8 bis 12 Uhr.',
      important: true,
      ends_at: '2099-04-01T21:59:59.000Z',
      starts_at: null,
      location_ids: [2],
    });
  });

  it('edits a notice and shows the server field errors under the fields', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/notices/4/': { body: notice(4, 'Alt', { ends_at: '2020-01-01T10:00:00Z', active: false }) },
      'PUT /api/admin/notices/4/': { status: 400, body: { location_ids: ['Nicht gefunden.'] } },
    });
    const user = userEvent.setup();
    renderAdmin(<Screens />, { path: '/admin/notices/4' });
    const title = await screen.findByRole('textbox', { name: 'Titel' });
    expect(title).toHaveValue('Alt');
    expect(screen.getByRole('checkbox', { name: 'Haus Nord' })).toBeChecked();
    await user.clear(title);
    await user.type(title, 'Neu');
    // The expired end date was not changed, so it is no reason to refuse the form.
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Nicht gefunden.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      title: 'Neu',
      ends_at: '2020-01-01T10:00:00Z',
    });
  });

  it('comes back to the list with the saved notice marked and scrolled into view', async () => {
    let saved = notice(4, 'Alt');
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/notices/4/': () => ({ body: saved }),
      'PUT /api/admin/notices/4/': (call) => {
        saved = { ...saved, ...(call.body as object) };
        return { body: saved };
      },
      'GET /api/admin/notices/?page=1&page_size=25': () => ({
        body: page([notice(7, 'Jünger'), notice(6, 'Anderer'), saved]),
      }),
    });
    const shown = vi.fn();
    Element.prototype.scrollIntoView = shown;
    const user = userEvent.setup();
    renderAdmin(<Screens />, { path: '/admin/notices/4' });
    const title = await screen.findByRole('textbox', { name: 'Titel' });
    await user.clear(title);
    await user.type(title, 'Wasser Haus A');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/notices$/));
    const table = within(await screen.findByRole('table', { name: 'Aushänge' }));
    const row = table.getByText('Wasser Haus A').closest('tr')!;
    expect(row).toHaveClass('is-saved');
    expect(table.getByText('Jünger').closest('tr')).not.toHaveClass('is-saved');
    await waitFor(() => expect(shown.mock.contexts).toContain(row));
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  describe('Start date, PDFs, preview, reads', () => {
    afterEach(() => vi.unstubAllGlobals());
    const pdf = (name: string, size = 100) =>
      new File([new TextEncoder().encode('%PDF-1.7\n'), new Uint8Array(size)], name, { type: 'application/pdf' });
    const onlyNord = { ...me, locations: [{ id: 1, title: 'Haus Nord', name: 'nord' }] };

    it("shows 'Geplant ab' for a notice that has not started and how many households read the others", async () => {
      mockFetch({
        'GET /api/admin/notices/?page=1&page_size=25': {
          body: page([
            notice(1, 'Heizung', { scheduled: true, starts_at: '2099-12-01T07:00:00Z' }),
            notice(2, 'Treppenhaus', { reads: { opened: 57, households: 80 } }),
          ]),
        },
      });
      renderAdmin(<Screens />, { path: '/admin/notices' });
      const table = await screen.findByRole('table', { name: 'Aushänge' });
      const [scheduled, started] = within(table).getAllByRole('row').slice(1);
      expect(scheduled).toHaveTextContent('Geplant ab 01.12.2099, 08:00');
      expect(scheduled).not.toHaveTextContent('Aktiv');
      expect(scheduled).not.toHaveTextContent('gelesen');
      expect(started).toHaveTextContent('gelesen von 57 von 80 Haushalten');
      expect(started).toHaveTextContent('Aktiv');
    });

    it('preselects the location when the manager has only one, and not when they have two', async () => {
      mockFetch({ 'GET /api/admin/me/': { body: onlyNord } });
      const view = renderAdmin(<Screens />, { path: '/admin/notices/new' });
      expect(await screen.findByRole('checkbox', { name: 'Haus Nord' })).toBeChecked();
      view.unmount();
      mockFetch({ 'GET /api/admin/me/': { body: me } });
      renderAdmin(<Screens />, { path: '/admin/notices/new' });
      expect(await screen.findByRole('checkbox', { name: 'Haus Nord' })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Haus Süd' })).not.toBeChecked();
    });

    it('previews the notice as residents see it while it is written', async () => {
      mockFetch({ 'GET /api/admin/me/': { body: onlyNord } });
      const user = userEvent.setup();
      renderAdmin(<Screens />, { path: '/admin/notices/new' });
      const preview = await screen.findByRole('region', { name: 'Vorschau' });
      expect(within(preview).getByRole('heading', { name: 'Titel des Aushangs' })).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Titel' }), 'Wasser abgestellt');
      await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Dienstag 9 Uhr.{Enter}Bitte vorsorgen.');
      await user.click(screen.getByRole('checkbox', { name: 'Wichtig' }));
      await user.type(screen.getByLabelText(/^Sichtbar ab/), '2099-05-04T18:30');
      await user.type(screen.getByLabelText(/^Sichtbar bis/), '2099-05-06');
      await user.upload(screen.getByLabelText('PDF-Anhänge', { selector: 'input' }), pdf('Plan.pdf'));
      const card = within(preview).getByRole('heading', { name: 'Wasser abgestellt' }).closest('section')!;
      expect(card).toHaveClass('notice-important');
      expect(within(card).getByText('Wichtig')).toBeInTheDocument();
      // The line break stays a line break, as on the blackboard.
      const text = within(card).getByText(/Dienstag 9 Uhr\./);
      expect(text.textContent).toBe('Dienstag 9 Uhr.\nBitte vorsorgen.');
      expect(text).toHaveClass('pre-line');
      expect(card).toHaveTextContent('04.05.2099, 18:30');
      expect(card).toHaveTextContent('gilt bis 06.05.2099');
      expect(
        within(await within(card).findByRole('group', { name: 'PDF-Anhänge' })).getByText('Plan.pdf'),
      ).toBeTruthy();
    });

    it('saves the start in Berlin time, refuses an end before it, and uploads the picked PDFs after saving', async () => {
      const calls = mockFetch({
        'GET /api/admin/me/': { body: onlyNord },
        'POST /api/admin/notices/': (call) => ({
          status: 201,
          body: notice(9, (call.body as { title: string }).title, { scheduled: true }),
        }),
        'GET /api/admin/notices/?page=1&page_size=25': { body: page([]) },
      });
      const uploads = mockXhr(() => ({ status: 201, body: notice(9, 'x') }));
      const user = userEvent.setup();
      renderAdmin(<Screens />, { path: '/admin/notices/new' });
      await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Heizung');
      await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Wartung.');
      await user.type(screen.getByLabelText(/^Sichtbar ab/), '2099-12-01T08:00');
      await user.type(screen.getByLabelText(/^Sichtbar bis/), '2099-11-30');
      const input = screen.getByLabelText('PDF-Anhänge', { selector: 'input' });
      // A PNG named .pdf is named at once and left out.
      const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'Bild.pdf', {
        type: 'application/pdf',
      });
      await user.upload(input, [pdf('Plan.pdf'), png]);
      expect(await screen.findByText('Die Datei Bild.pdf ist keine PDF-Datei.')).toBeInTheDocument();
      // Said plainly: the PDF is not on the server until the notice is saved.
      expect(screen.getByText('(wird beim Speichern hochgeladen)')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByText('Das Enddatum muss nach dem Beginn liegen.')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      await user.clear(screen.getByLabelText(/^Sichtbar bis/));
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/notices$/));
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
        title: 'Heizung',
        starts_at: '2099-12-01T07:00:00.000Z',
        ends_at: null,
        location_ids: [1],
      });
      expect(uploads.map((u) => [u.method, u.url])).toEqual([['POST', '/api/admin/notices/9/attachments/']]);
      expect(((uploads[0]!.body as FormData).get('document') as File).name).toBe('Plan.pdf');
    });

    it('removes a PDF of the notice in the edit form, and takes no more than five', async () => {
      const existing = Array.from({ length: 5 }, (_, i) => ({
        id: 20 + i,
        name: `Teil ${i + 1}.pdf`,
        size: 10,
        document: `/api/media/notices/teil-${i}.pdf`,
      }));
      const calls = mockFetch({
        'GET /api/admin/me/': { body: me },
        'GET /api/admin/notices/4/': { body: notice(4, 'Mit PDFs', { attachments: existing }) },
        'PUT /api/admin/notices/4/': { body: notice(4, 'Mit PDFs', { attachments: existing }) },
        'DELETE /api/admin/notices/4/attachments/22/': { body: notice(4, 'Mit PDFs') },
        'GET /api/admin/notices/?page=1&page_size=25': { body: page([]) },
      });
      const user = userEvent.setup();
      renderAdmin(<Screens />, { path: '/admin/notices/4' });
      expect(await screen.findByRole('link', { name: 'Teil 1.pdf' })).toHaveAttribute(
        'href',
        '/api/media/notices/teil-0.pdf',
      );
      // Five already: no picker until one goes.
      expect(screen.queryByLabelText('PDF-Anhänge', { selector: 'input' })).toBeNull();
      await user.click(screen.getByRole('button', { name: '„Teil 3.pdf“ entfernen' }));
      expect(screen.queryByRole('link', { name: 'Teil 3.pdf' })).toBeNull();
      expect(screen.getByLabelText('PDF-Anhänge', { selector: 'input' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/notices$/));
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/admin/notices/4/attachments/22/',
      ]);
    });
  });
});
