import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TICKET_STATUSES, type AdminTicketListItem, type TicketStatus } from '@hausportal/contract';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import { listItem, me } from './test-fixtures';
import TicketsPage from './tickets-page';

/** The board as the server builds it from the tickets' statuses. */
function serve(tickets: AdminTicketListItem[], counts: Partial<Record<TicketStatus, number>> = {}) {
  let rows = tickets;
  const board = () => ({
    columns: TICKET_STATUSES.map((status) => {
      const results = rows.filter((row) => row.status === status);
      return { status, count: counts[status] ?? results.length, results };
    }),
  });
  return mockFetch({
    'GET /api/admin/me/': { body: me },
    'GET /api/admin/tickets/board/': () => ({ body: board() }),
    ...Object.fromEntries(
      rows.map((row) => [
        `POST /api/admin/tickets/${row.id}/status/`,
        (call: Call) => {
          const { status } = call.body as { status: TicketStatus };
          rows = rows.map((r) => (r.id === row.id ? { ...r, status } : r));
          return { body: {} };
        },
      ]),
    ),
  });
}

function open() {
  const user = userEvent.setup();
  renderAdmin(<TicketsPage />, { path: '/admin/tickets/board', pattern: '/admin/tickets/*' });
  return user;
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('the ticket board', () => {
  it('shows a column per status with its count and cards, and links to the rest in the list', async () => {
    serve(
      [
        listItem(1, { stale: true }),
        listItem(2, { status: 'in_progress', assignee: { provider_id: 21, name: 'Heizung Huber' } }),
        listItem(3, { status: 'reported_done', assignee: { provider_id: 22, name: 'Hausmeisterservice Krause' } }),
      ],
      { received: 31 },
    );
    open();
    await screen.findByRole('heading', { level: 1, name: 'Meldungen nach Status' });
    const received = await waitFor(() => column('Eingegangen'));
    expect(within(received).getByRole('heading', { level: 2 })).toHaveTextContent('Eingegangen31');
    expect(within(received).getByRole('link', { name: 'Meldung 2026-000001' })).toBeInTheDocument();
    expect(within(received).getByText('ohne Reaktion seit 48 h')).toBeInTheDocument();
    expect(within(received).getByRole('link', { name: 'und 30 weitere in der Liste' })).toHaveAttribute(
      'href',
      '/admin/tickets?status=received',
    );
    expect(column('In Bearbeitung')).toHaveTextContent('Heizung Huber');
    // The craftsman's 'erledigt' waits in its own column until the manager accepts or returns it.
    expect(column('Als erledigt gemeldet')).toHaveTextContent('Hausmeisterservice Krause');
    expect(column('Erledigt')).toHaveTextContent('Keine Meldungen');
    expect(screen.getAllByRole('region')).toHaveLength(7);
  });

  it('moves a card with its status select, without dragging, and keeps the focus on it', async () => {
    const calls = serve([listItem(1), listItem(2, { status: 'in_progress' })]);
    const user = open();
    const select = await screen.findByRole('combobox', { name: 'Neuer Status für 2026-000001' });
    const button = screen.getByRole('button', { name: 'Verschieben: 2026-000001' });
    expect(button).toBeDisabled();
    await user.selectOptions(select, 'In Bearbeitung');
    await user.click(button);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/tickets/1/status/',
      body: { status: 'in_progress', message: '' },
    });
    const moved = await within(column('In Bearbeitung')).findByRole('link', { name: 'Meldung 2026-000001' });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(screen.getByText('Meldung 2026-000001 steht jetzt auf „In Bearbeitung“.')).toBeInTheDocument();
    expect(column('Eingegangen')).toHaveTextContent('Keine Meldungen');
  });

  it("asks for the reason before a card goes to 'Abgelehnt'", async () => {
    const calls = serve([listItem(1)]);
    const user = open();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Neuer Status für 2026-000001' }),
      'Abgelehnt',
    );
    await user.click(screen.getByRole('button', { name: 'Verschieben: 2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Status ändern' });
    expect(within(dialog).getByRole('combobox', { name: 'Neuer Status' })).toHaveDisplayValue('Abgelehnt');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Begründung der Ablehnung' }), 'Doppelt gemeldet.');
    await user.click(within(dialog).getByRole('button', { name: 'Status speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'rejected', message: 'Doppelt gemeldet.' });
    expect(await within(column('Abgelehnt')).findByRole('link', { name: 'Meldung 2026-000001' })).toBeInTheDocument();
  });
});
