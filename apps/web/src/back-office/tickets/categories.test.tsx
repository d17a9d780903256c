import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import type { TicketCategoryRow } from './api';
import { categories, category, me } from './test-fixtures';
import TicketsPage from './tickets-page';

const LIST = 'GET /api/admin/ticket-categories/?location_id=1&page_size=100';

/** The categories as the server keeps them: a PUT changes one, a POST adds one. */
function serve() {
  let rows: TicketCategoryRow[] = categories.map((c) => ({ ...c }));
  const calls = mockFetch({
    'GET /api/admin/me/': { body: me },
    [LIST]: () => ({ body: page(rows) }),
    'POST /api/admin/ticket-categories/': (call: Call) => {
      const created = { ...category(9, ''), ...(call.body as object), ticket_count: 0 } as TicketCategoryRow;
      rows = [...rows, created];
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      [1, 2, 3].map((id) => [
        `PUT /api/admin/ticket-categories/${id}/`,
        (call: Call) => {
          rows = rows.map((row) => (row.id === id ? { ...row, ...(call.body as object) } : row));
          return { body: rows.find((row) => row.id === id) };
        },
      ]),
    ),
  });
  return calls;
}

function open() {
  const user = userEvent.setup();
  renderAdmin(<TicketsPage />, { path: '/admin/tickets/categories', pattern: '/admin/tickets/*' });
  return user;
}

const names = () =>
  within(screen.getByRole('table', { name: 'Kategorien' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent);

describe('ticket categories per location', () => {
  it('lists the location’s categories in order with the emergency mark and the ticket count', async () => {
    serve();
    open();
    await screen.findByRole('table', { name: 'Kategorien' });
    expect(names()).toEqual(['Heizung', 'Aufzug', 'Sonstiges']);
    const heating = screen.getByRole('rowheader', { name: /^Heizung/ }).closest('tr')!;
    expect(heating).toHaveTextContent('Notfall-Hinweis');
    expect(heating).toHaveTextContent('4');
    expect(screen.getByRole('combobox', { name: 'Standort' })).toHaveDisplayValue('Residenz am Stadtpark');
    expect(screen.getByRole('link', { name: 'Kategorien' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows every category of a location past the first hundred, following the pages', async () => {
    const many = Array.from({ length: 101 }, (_, i) => category(100 + i, `Kategorie ${i + 1}`));
    const second = '/api/admin/ticket-categories/?page=2&location_id=1&page_size=100';
    mockFetch({
      'GET /api/admin/me/': { body: me },
      [LIST]: { body: { count: 101, next: second, previous: null, results: many.slice(0, 100) } },
      [`GET ${second}`]: { body: { count: 101, next: null, previous: LIST, results: many.slice(100) } },
    });
    open();
    await screen.findByRole('table', { name: 'Kategorien' });
    expect(names()).toHaveLength(101);
    expect(names().at(-1)).toBe('Kategorie 101');
  });

  it('adds a category at the end, and renames one and marks it for the emergency hint', async () => {
    const calls = serve();
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Neue Kategorie' }));
    let dialog = await screen.findByRole('dialog', { name: 'Neue Kategorie' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Eingabe ist zwingend');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Graffiti');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      location_id: 1,
      sort_order: 3,
      archived: false,
      name: 'Graffiti',
      emergency: false,
      translations: {},
    });
    await waitFor(() => expect(names()).toEqual(['Heizung', 'Aufzug', 'Sonstiges', 'Graffiti']));

    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Aufzug' }));
    dialog = await screen.findByRole('dialog', { name: 'Kategorie bearbeiten' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Aufzüge');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notfall-Hinweis' }));
    // The stored Turkish name is shown and kept; a Polish one is added.
    await user.click(within(dialog).getByText('Übersetzungen (optional)'));
    expect(within(dialog).getByRole('textbox', { name: /^Türkisch: Name/ })).toHaveValue('Asansör');
    await user.type(within(dialog).getByRole('textbox', { name: /^Polnisch: Name/ }), 'Winda');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      location_id: 1,
      name: 'Aufzüge',
      emergency: true,
      sort_order: 1,
      archived: false,
      translations: { tr: { name: 'Asansör' }, pl: { name: 'Winda' } },
    });
    const lift = await screen.findByRole('rowheader', { name: /^Aufzüge/ });
    expect(lift.closest('tr')).toHaveTextContent('Notfall-Hinweis');
  });

  it('archives a category and restores it', async () => {
    const calls = serve();
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Archivieren: Sonstiges' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/admin/ticket-categories/3/',
      body: { name: 'Sonstiges', archived: true, sort_order: 2, location_id: 1, emergency: false },
    });
    const row = (await screen.findByRole('button', { name: 'Wiederherstellen: Sonstiges' })).closest('tr')!;
    expect(row).toHaveTextContent('Archiviert');
    await user.click(within(row).getByRole('button', { name: 'Wiederherstellen: Sonstiges' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ archived: false });
  });

  it('moves a category up with the keyboard, saves the new positions and keeps the focus on it', async () => {
    const calls = serve();
    const user = open();
    const up = await screen.findByRole('button', { name: '„Aufzug“ nach oben' });
    expect(screen.getByRole('button', { name: '„Heizung“ nach oben' })).toBeDisabled();
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => [c.url, (c.body as { sort_order: number }).sort_order]),
    ).toEqual([
      ['/api/admin/ticket-categories/2/', 0],
      ['/api/admin/ticket-categories/1/', 1],
    ]);
    expect(await screen.findByText('„Aufzug“ steht jetzt an Position 1 von 3.')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Aufzug', 'Heizung', 'Sonstiges']));
    // At the top it cannot go up; the focus moves to its other arrow.
    await waitFor(() => expect(screen.getByRole('button', { name: '„Aufzug“ nach unten' })).toHaveFocus());
  });
});
