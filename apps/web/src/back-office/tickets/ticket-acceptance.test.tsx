import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import type { AdminTicket } from '@hausportal/contract';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { me, provider, ticket } from './test-fixtures';
import TicketsPage from './tickets-page';

// The craftsman loop on the ticket page: 'Abnehmen' or 'Zurückgeben' after the craftsman's
// 'erledigt', the building of the ticket, and the picker that offers the trade's providers first.

const building = (id: number, name: string) => ({ id, name, street: '', postal_code: '', city: '', access_note: '' });
const location = { id: 1, title: 'Residenz am Stadtpark', auto_accept_days: 7, buildings: [] as unknown[] };

const reported = ticket({
  status: 'reported_done',
  reported_done_at: '2026-11-24T15:30:00Z',
  assignment: {
    id: 3,
    provider_id: 21,
    provider_name: 'Heizung Huber',
    state: 'done',
    appointment_at: '2026-11-24T14:00:00Z',
    created_at: '2026-11-21T10:00:00Z',
    active: false,
    readable_until: '2026-12-24T15:30:00Z',
  },
  events: [
    {
      id: 9,
      kind: 'status',
      author: 'craftsman',
      author_name: 'Heizung Huber',
      status: 'reported_done',
      text: '',
      internal: false,
      created_at: '2026-11-24T15:30:00Z',
    },
    {
      id: 10,
      kind: 'note',
      author: 'craftsman',
      author_name: 'Heizung Huber',
      status: null,
      text: 'Ventil getauscht.',
      internal: true,
      created_at: '2026-11-24T15:30:00Z',
    },
  ],
});

/** The ticket and its location as the server holds them; a write changes the ticket as the server would. */
function serve(
  initial: AdminTicket,
  routes: Record<string, (call: Call) => Partial<AdminTicket>> = {},
  extra: Record<string, unknown> = {},
) {
  let current = initial;
  return mockFetch({
    'GET /api/admin/me/': { body: me },
    'GET /api/admin/tickets/7/': () => ({ body: current }),
    'GET /api/admin/locations/1/': { body: location },
    ...extra,
    ...Object.fromEntries(
      Object.entries(routes).map(([route, change]) => [
        route,
        (call: Call) => {
          current = { ...current, ...change(call) };
          return { body: current };
        },
      ]),
    ),
  });
}

function open() {
  const user = userEvent.setup();
  renderAdmin(
    <>
      <TicketsPage />
      <ToastContainer />
    </>,
    { path: '/admin/tickets/7', pattern: '/admin/tickets/*' },
  );
  return user;
}

describe('the craftsman loop on the ticket page', () => {
  it("shows the craftsman's 'erledigt' in a box, and 'Abnehmen' sets the ticket to 'Erledigt'", async () => {
    const calls = serve(reported, {
      'POST /api/admin/tickets/7/acceptance/': () => ({ status: 'done', reported_done_at: null }),
    });
    const user = open();
    const box = await screen.findByRole('region', { name: 'Als erledigt gemeldet' });
    expect(box).toHaveTextContent(/Als erledigt gemeldet am 24\.11\.2026, 16:30 von Heizung Huber\./);
    expect(box).toHaveTextContent('Ventil getauscht.');
    expect(await within(box).findByText(/Ohne Ihre Entscheidung gilt der Auftrag am 01\.12\.2026/)).toBeVisible();
    await user.click(within(box).getByRole('button', { name: 'Abnehmen' }));
    expect(await screen.findByText('Meldung 2026-000007 ist abgenommen und steht auf „Erledigt“.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ decision: 'accept' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Als erledigt gemeldet' })).not.toBeInTheDocument(),
    );
  });

  it("'Zurückgeben' asks for the reason, requires it, and sends it to the craftsman", async () => {
    const calls = serve(reported, {
      'POST /api/admin/tickets/7/acceptance/': () => ({ status: 'appointment_set', reported_done_at: null }),
    });
    const user = open();
    const box = await screen.findByRole('region', { name: 'Als erledigt gemeldet' });
    await user.click(within(box).getByRole('button', { name: 'Zurückgeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auftrag zurückgeben' });
    expect(dialog).toHaveTextContent('Heizung Huber erhält Ihren Grund per E-Mail');
    await user.click(within(dialog).getByRole('button', { name: 'Zurückgeben' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Was ist noch zu tun\?/ });
    expect(reason).toHaveAccessibleDescription(/Bitte schreiben Sie, warum Sie den Auftrag zurückgeben\./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(reason, 'Der Heizkörper im Bad tropft noch.');
    await user.click(within(dialog).getByRole('button', { name: 'Zurückgeben' }));
    expect(await screen.findByText('Der Auftrag wurde an Heizung Huber zurückgegeben.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      decision: 'return',
      reason: 'Der Heizkörper im Bad tropft noch.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the building of the ticket where the location has several', async () => {
    const calls = serve(
      ticket(),
      {
        'POST /api/admin/tickets/7/building/': (call) => ({
          building_id: (call.body as { building_id: number | null }).building_id,
        }),
      },
      {
        'GET /api/admin/locations/1/': {
          body: { ...location, buildings: [building(4, 'Haus A'), building(5, 'Haus B')] },
        },
      },
    );
    const user = open();
    const panel = await screen.findByRole('region', { name: 'Gebäude / Aufgang' });
    const select = within(panel).getByRole('combobox', { name: 'Gebäude / Aufgang' });
    expect(select).toHaveValue('');
    expect(within(panel).getByRole('button', { name: 'Gebäude übernehmen' })).toBeDisabled();
    await user.selectOptions(select, 'Haus B');
    await user.click(within(panel).getByRole('button', { name: 'Gebäude übernehmen' }));
    expect(await screen.findByText('Die Meldung gehört jetzt zu Haus B.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ building_id: 5 });
    expect(await screen.findByRole('region', { name: 'Angaben zur Meldung' })).toHaveTextContent(
      'Residenz am Stadtpark, Haus B',
    );
  });

  it('offers the providers of the category’s trade first, and those without an e-mail address greyed out', async () => {
    serve(
      ticket(),
      {},
      {
        'GET /api/admin/providers/?location_id=1&page_size=100': {
          body: page([
            { ...provider, id: 20, name: 'Rezeption', service_title: 'Verwaltung', category_ids: [] },
            { ...provider, id: 21, category_ids: [3] },
            { ...provider, id: 22, name: 'Notdienst Nord', email: '', category_ids: [3] },
            { ...provider, id: 23, name: 'Elektro Erb', email: '', service_title: 'Elektriker', category_ids: [1] },
          ]),
        },
      },
    );
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Handwerker beauftragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Handwerker beauftragen' });
    const matching = await within(dialog).findByRole('group', { name: 'Passend zur Kategorie „Heizung“' });
    expect(
      within(matching)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Heizung Huber (Handwerker)', 'Notdienst Nord (Handwerker) – keine E-Mail-Adresse hinterlegt']);
    const others = within(dialog).getByRole('group', { name: 'Weitere Anbieter' });
    expect(
      within(others)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rezeption (Verwaltung)', 'Elektro Erb (Elektriker) – keine E-Mail-Adresse hinterlegt']);
    expect(within(matching).getByRole('option', { name: /^Notdienst Nord/ })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Handwerker / Anbieter' })).toHaveAccessibleDescription(
      /2 Anbieter ohne E-Mail-Adresse sind ausgegraut/,
    );
  });
});
