import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
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
});
