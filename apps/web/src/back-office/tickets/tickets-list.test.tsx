import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { categories, listItem, me, provider } from './test-fixtures';
import TicketsPage from './tickets-page';

const LIST = '/api/admin/tickets/?page=1&page_size=25';

function common(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/admin/me/': { body: me },
    'GET /api/admin/tickets/summary/': { body: { received: 3, stale: 1 } },
    'GET /api/admin/ticket-categories/?page_size=100': { body: page(categories) },
    'GET /api/admin/providers/?page_size=100': { body: page([provider]) },
    ...extra,
  };
}

describe('ticket list (Meldungen)', () => {
  it('shows the columns, and marks a ticket without reaction visibly and for screen readers', async () => {
    mockFetch(
      common({
        [`GET ${LIST}&sort=oldest`]: {
          body: page([
            listItem(1, { stale: true, created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
            listItem(2, {
              status: 'craftsman_assigned',
              scope: 'building',
              place: 'Treppenhaus 2. OG',
              affected_count: 3,
              assignee: { provider_id: 21, name: 'Heizung Huber' },
            }),
          ]),
        },
      }),
    );
    renderAdmin(<TicketsPage />, { path: '/admin/tickets', pattern: '/admin/tickets/*' });
    const table = await screen.findByRole('table', { name: 'Meldungen' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Nummer',
      'Status',
      'Kategorie',
      'Ort',
      'Meldende:r',
      'Betroffene',
      'Handwerker',
      'Alter',
    ]);
    const [, stale, other] = within(table).getAllByRole('row');
    expect(stale).toHaveClass('ticket-row-stale');
    expect(within(stale!).getByText('ohne Reaktion seit 48 h')).toBeVisible();
    expect(stale).toHaveTextContent('Anna Beispiel');
    expect(stale).toHaveTextContent('Wohnung 0101');
    expect(stale).toHaveTextContent('vor 3 Tagen');
    expect(within(stale!).getByRole('link', { name: 'Meldung 2026-000001' })).toHaveAttribute(
      'href',
      '/admin/tickets/1',
    );
    expect(other).not.toHaveClass('ticket-row-stale');
    expect(within(other!).queryByText('ohne Reaktion seit 48 h')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Haus');
    expect(other).toHaveTextContent('Treppenhaus 2. OG');
    expect(other).toHaveTextContent('Handwerker beauftragt');
    expect(other).toHaveTextContent('Heizung Huber');
    // Both locations are shown, so each row names its location.
    expect(other).toHaveTextContent('Residenz am Stadtpark');
    expect(screen.getByText('1 offene Meldung ohne Reaktion seit 48 h')).toBeInTheDocument();
  });

  it("calls a ticket of the last minute 'gerade eben', short enough for the tablet's number cell", async () => {
    mockFetch(
      common({
        [`GET ${LIST}&sort=oldest`]: {
          body: page([listItem(1, { created_at: new Date(Date.now() - 20_000).toISOString() })]),
        },
      }),
    );
    renderAdmin(<TicketsPage />, { path: '/admin/tickets', pattern: '/admin/tickets/*' });
    const table = await screen.findByRole('table', { name: 'Meldungen' });
    expect(within(table).getAllByText('gerade eben').length).toBeGreaterThan(0);
    expect(table).not.toHaveTextContent('weniger als 1 Min.');
  });

  it('puts every filter into the URL and into the request, and back to page 1', async () => {
    const calls = mockFetch(
      common({
        'GET /api/admin/ticket-categories/?location_id=1&page_size=100': { body: page(categories) },
        'GET /api/admin/providers/?location_id=1&page_size=100': { body: page([provider]) },
        'GET /api/admin/tickets/summary/?location_id=1': { body: { received: 3, stale: 0 } },
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<TicketsPage />, { path: '/admin/tickets?location_id=1&page=2', pattern: '/admin/tickets/*' });
    await screen.findByRole('option', { name: 'Aufzug' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Alle offenen');
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/tickets\?location_id=1&status=open$/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategorie' }), 'Aufzug');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Handwerker' }), 'ohne Handwerker');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sortierung' }), 'Neueste zuerst');
    await user.click(screen.getByRole('checkbox', { name: 'Nur ohne Reaktion seit 48 h' }));
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Bad');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('search=Bad'));
    const url = new URL(screen.getByTestId('url').textContent!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      location_id: '1',
      status: 'open',
      category: '2',
      assignee: 'none',
      sort: 'newest',
      stale: 'true',
      search: 'Bad',
    });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        `${LIST}&location_id=1&state=open&category_id=2&assignee=none&stale=true&sort=newest&search=Bad`,
      ),
    );
    // One status instead of all open ones; 'Filter zurücksetzen' keeps only the location.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Abgelehnt');
    await waitFor(() => expect(calls.at(-1)!.url).toContain('&status=rejected&category_id=2'));
    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/tickets\?location_id=1$/);
    await waitFor(() => expect(calls.at(-1)!.url).toBe(`${LIST}&location_id=1&sort=oldest`));
  });

  it('reads the filters of a link and asks the server for them', async () => {
    const calls = mockFetch(
      common({
        [`GET ${LIST}&status=received&assignee=21&sort=oldest`]: { body: page([]) },
      }),
    );
    renderAdmin(<TicketsPage />, {
      path: '/admin/tickets?status=received&assignee=21',
      pattern: '/admin/tickets/*',
    });
    expect(await screen.findByText('Keine Meldungen gefunden.')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(`${LIST}&status=received&assignee=21&sort=oldest`);
    expect(screen.getByRole('combobox', { name: 'Handwerker' })).toHaveDisplayValue(
      'Heizung Huber (Residenz am Stadtpark)',
    );
  });

  it("offers 'Erneut versuchen' when the list fails", async () => {
    let calls = 0;
    mockFetch(
      common({
        [`GET ${LIST}&sort=oldest`]: () => {
          calls += 1;
          return calls === 1 ? { status: 500, body: 'Fehler' } : { body: page([listItem(4)]) };
        },
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<TicketsPage />, { path: '/admin/tickets', pattern: '/admin/tickets/*' });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: 'Meldung 2026-000004' })).toBeInTheDocument();
  });
});
