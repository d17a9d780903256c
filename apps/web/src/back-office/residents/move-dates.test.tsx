import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminResident } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { parseResidentCsv, validateRows } from './csv';
import ResidentsPage from './residents-page';

// Move-in and move-out dates on the resident form, in the list and in the CSV import.

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [{ id: 2, title: 'Haus am See', name: 'see' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

function resident(over: Partial<AdminResident> = {}): AdminResident {
  return {
    id: 41,
    name: 'Jörg Öztürk',
    apartment_number: 'A-0303',
    email: 'joerg@example.org',
    location_id: 2,
    location_title: 'Haus am See',
    is_receptionist: false,
    emergency_services_deactivated: false,
    is_active: true,
    invited_at: null,
    erased_at: null,
    created_at: '2026-02-01T09:00:00+00:00',
    account_status: 'never',
    last_login_at: null,
    activation_expires_at: null,
    external_id: null,
    move_in_on: null,
    move_out_on: null,
    access: 'open',
    access_opens_on: null,
    access_closes_on: null,
    ...over,
  };
}

describe('move-in and move-out on the resident form', () => {
  it("creates a resident with both dates, naming the installation's days from the session and the resulting access days as they are typed", async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'POST /api/admin/residents/': { status: 201, body: resident() },
      'GET /api/admin/residents/41/': { body: resident() },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/new', pattern: '/admin/residents/*' });
    const moveIn = await screen.findByLabelText(/^Einzug/);
    expect(moveIn).toHaveAccessibleDescription(
      'Der Zugang zur App öffnet 14 Tage vor dem Einzug; dann geht auch die Einladung hinaus. Leer lassen, wenn der Zugang sofort gelten soll.',
    );
    expect(screen.getByLabelText(/^Auszug/)).toHaveAccessibleDescription(
      'Der Zugang endet 30 Tage nach dem Auszug; die Person wird dann auf allen Geräten abgemeldet. Leer lassen, solange kein Auszug feststeht.',
    );
    expect(screen.getByRole('group', { name: 'Einzug und Auszug' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Externe ID')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Jörg Öztürk');
    await user.type(screen.getByRole('textbox', { name: /^Wohnungsnummer/ }), 'A-0303');
    await user.type(moveIn, '2026-12-01');
    expect(moveIn).toHaveAccessibleDescription(
      /vor dem Einzug; dann geht auch die Einladung hinaus\. Zugang ab 17\.11\.2026\.$/,
    );
    await user.type(screen.getByLabelText(/^Auszug/), '2027-11-30');
    expect(screen.getByLabelText(/^Auszug/)).toHaveAccessibleDescription(/Kein Zugang mehr ab 31\.12\.2027\.$/);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      move_in_on: '2026-12-01',
      move_out_on: '2027-11-30',
    });
  });

  it("uses the installation's own days from the session, whatever they are", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: { ...me, access_days: { opens_before_move_in: 1, closes_after_move_out: 0 } } },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/new', pattern: '/admin/residents/*' });
    const moveIn = await screen.findByLabelText(/^Einzug/);
    await user.type(moveIn, '2026-03-01');
    expect(moveIn).toHaveAccessibleDescription(
      'Der Zugang zur App öffnet 1 Tag vor dem Einzug; dann geht auch die Einladung hinaus. Zugang ab 28.02.2026.',
    );
    const moveOut = screen.getByLabelText(/^Auszug/);
    await user.type(moveOut, '2026-12-31');
    expect(moveOut).toHaveAccessibleDescription(
      'Der Zugang endet mit dem Tag des Auszugs; die Person wird dann auf allen Geräten abgemeldet. Kein Zugang mehr ab 01.01.2027.',
    );
  });

  it('refuses a move-out before the move-in in German before sending', async () => {
    const calls = mockFetch({ 'GET /api/admin/me/': { body: me } });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/new', pattern: '/admin/residents/*' });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Jörg Öztürk');
    await user.type(screen.getByRole('textbox', { name: /^Wohnungsnummer/ }), 'A-0303');
    await user.type(screen.getByLabelText(/^Einzug/), '2026-12-01');
    await user.type(screen.getByLabelText(/^Auszug/), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Auszug darf nicht vor dem Einzug liegen.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("names the installation's days and the resulting access days for a saved resident, shows the ERP id read-only, and clears a date", async () => {
    const saved = resident({
      external_id: 'WODIS-4711',
      move_in_on: '2026-12-01',
      move_out_on: '2027-10-31',
      access: 'scheduled',
      access_opens_on: '2026-11-17',
      access_closes_on: '2027-12-01',
    });
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/41/': { body: saved },
      'PUT /api/admin/residents/41/': (call) => ({ body: { ...saved, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/41', pattern: '/admin/residents/*' });
    const moveIn = await screen.findByLabelText(/^Einzug/);
    expect(moveIn).toHaveValue('2026-12-01');
    expect(moveIn).toHaveAccessibleDescription(
      'Der Zugang zur App öffnet 14 Tage vor dem Einzug; dann geht auch die Einladung hinaus. Zugang ab 17.11.2026.',
    );
    expect(screen.getByLabelText(/^Auszug/)).toHaveAccessibleDescription(
      'Der Zugang endet 30 Tage nach dem Auszug; die Person wird dann auf allen Geräten abgemeldet. Kein Zugang mehr ab 01.12.2027.',
    );
    // A changed date changes the named day at once.
    await user.clear(moveIn);
    await user.type(moveIn, '2027-01-15');
    expect(moveIn).toHaveAccessibleDescription(/Zugang ab 01\.01\.2027\.$/);

    const external = screen.getByLabelText('Externe ID');
    expect(external).toHaveValue('WODIS-4711');
    expect(external).toHaveAttribute('readonly');
    expect(external).toHaveAccessibleDescription(/aus dem ERP/);
    expect(screen.getByText('Zugang ab Einzug ab 17.11.2026')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Auszug/));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ move_in_on: '2027-01-15', move_out_on: null });
    expect(body).not.toHaveProperty('external_id');
  });

  it("puts the server's refusal of a date under its field", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/41/': { body: resident() },
      'PUT /api/admin/residents/41/': {
        status: 400,
        body: { move_out_on: ['Der Auszug darf nicht vor dem Einzug liegen.'] },
      },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/41', pattern: '/admin/residents/*' });
    await user.type(await screen.findByLabelText(/^Auszug/), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Auszug/)).toHaveAccessibleDescription(
        /Der Auszug darf nicht vor dem Einzug liegen\./,
      ),
    );
  });
});

describe('move dates in the residents list', () => {
  it('says when access opens, ends or has ended', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/residents/?page=1&page_size=25': {
        body: page([
          resident({ id: 1, name: 'Anna Bald', access: 'scheduled', access_opens_on: '2026-11-17' }),
          resident({ id: 2, name: 'Bernd Geht', apartment_number: 'A-0304', access_closes_on: '2027-01-01' }),
          resident({
            id: 3,
            name: 'Carla Weg',
            apartment_number: 'A-0305',
            access: 'closed',
            access_closes_on: '2026-10-01',
          }),
          resident({ id: 4, name: 'Dora Da', apartment_number: 'A-0306' }),
        ]),
      },
    });
    renderAdmin(<ResidentsPage />, { path: '/admin/residents', pattern: '/admin/residents/*' });
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(row('Anna Bald')).getByText('Zugang ab Einzug ab 17.11.2026')).toBeInTheDocument();
    expect(within(row('Bernd Geht')).getByText('Zugang offen bis 31.12.2026')).toBeInTheDocument();
    expect(within(row('Carla Weg')).getByText('Zugang beendet seit 01.10.2026')).toBeInTheDocument();
    expect(within(row('Dora Da')).queryByText(/Zugang/)).toBeNull();
  });
});

describe('move dates in the CSV import', () => {
  it("reads the columns 'Einzug' and 'Auszug' in German or ISO form and checks them as the server will", () => {
    const parsed = parseResidentCsv(
      'Wohnung;Name;Einzug;Auszug\nA-1;Anna;01.11.2026;\nA-2;Bernd;2026-11-01;2026-10-01x\n',
    );
    expect(parsed.fields).toEqual(['apartment_number', 'name', 'move_in_on', 'move_out_on']);
    expect(parsed.rows[0]).toMatchObject({ move_in_on: '01.11.2026', move_out_on: '' });
    expect(validateRows(parsed.rows)).toEqual([
      { line: 3, errors: { move_out_on: ['Bitte ein Datum wie 01.11.2026 oder 2026-11-01 angeben.'] } },
    ]);
  });

  it('names the new optional columns on the import page', async () => {
    mockFetch({ 'GET /api/admin/me/': { body: me } });
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/import', pattern: '/admin/residents/*' });
    expect(
      await screen.findByText(
        'Optional auch Einzug (einzug) und Auszug (auszug) als Datum, z. B. 01.11.2026 oder 2026-11-01: Der Zugang öffnet dann 14 Tage vor dem Einzug und endet 30 Tage nach dem Auszug. Eine leere Zelle löscht das Datum.',
      ),
    ).toBeInTheDocument();
  });
});
