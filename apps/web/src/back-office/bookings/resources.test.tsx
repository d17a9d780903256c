import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingResource } from '@hausportal/contract';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import BookingsPage from './bookings-page';
import { guestFlat, laundry, manager } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = (path: string) => renderAdmin(<BookingsPage />, { path, pattern: '/admin/buchungen/*' });
const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe("back office: 'Räume und Geräte'", () => {
  it('lists the resources with how they are booked and their rules', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/?page_size=100': { body: page([guestFlat, laundry]) },
    });
    render('/admin/buchungen/ressourcen');
    const table = await screen.findByRole('table', { name: 'Räume und Geräte' });
    const flat = within(table).getByRole('row', { name: /Gästewohnung/ });
    expect(flat).toHaveTextContent('mit Freigabe');
    expect(flat).toHaveTextContent('Ganze Tage');
    expect(flat).toHaveTextContent('bis 90 Tage im Voraus, 2 Buchungen je Haushalt und Monat');
    const wash = within(table).getByRole('row', { name: /Waschküche/ });
    expect(wash).toHaveTextContent('Zeitfenster à 2 Std., 07:00–22:00 Uhr');
    expect(within(wash).getByRole('link', { name: 'Bearbeiten: Waschküche' })).toHaveAttribute(
      'href',
      '/admin/buchungen/ressourcen/2',
    );
    expect(within(wash).getByRole('link', { name: 'Waschküche' })).toHaveAttribute(
      'href',
      '/admin/buchungen/ressourcen/2',
    );
  });

  it('shows a server error under its field, checks numbers itself, and lists the saved resource', async () => {
    let saved: BookingResource | null = null;
    let tries = 0;
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/?page_size=100': () => ({ body: page(saved ? [laundry, saved] : [laundry]) }),
      'POST /api/admin/booking-resources/': (call: Call) => {
        tries += 1;
        if (tries === 1) return { status: 400, body: { name: ['Diesen Namen gibt es an diesem Standort schon.'] } };
        saved = { ...guestFlat, ...(call.body as object), id: 9, blocks: [] };
        return { status: 201, body: saved };
      },
      'GET /api/admin/booking-resources/9/': () => ({ body: saved }),
    });
    const user = userEvent.setup();
    render('/admin/buchungen/ressourcen/neu');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Partyraum');
    await user.type(field(/^Beschreibung/), 'Mit Küche');
    await user.type(field(/^Gebühr/), '30 € je Abend');
    // Slots are the default; a slot of 5 minutes is refused before anything is sent.
    await user.clear(field('Länge eines Zeitfensters (Minuten)'));
    await user.type(field('Länge eines Zeitfensters (Minuten)'), '5');
    await user.clear(field(/^Höchstens so viele Buchungen je Haushalt/));
    await user.type(field(/^Höchstens so viele Buchungen je Haushalt/), '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gezählt je' }), 'month');
    await user.click(screen.getByRole('checkbox', { name: 'Jede Buchung muss von der Verwaltung freigegeben werden' }));
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(field('Länge eines Zeitfensters (Minuten)')).toHaveAccessibleDescription(/Eine ganze Zahl von 15 bis 720\./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(field('Länge eines Zeitfensters (Minuten)'));
    await user.type(field('Länge eines Zeitfensters (Minuten)'), '240');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    // The server's word, under the field it names.
    await waitFor(() =>
      expect(field('Name')).toHaveAccessibleDescription(/Diesen Namen gibt es an diesem Standort schon\./),
    );
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('Name'));
    await user.type(field('Name'), 'Partyraum im Dach');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/buchungen\/ressourcen\/9$/));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      location_id: 1,
      name: 'Partyraum im Dach',
      description: 'Mit Küche',
      house_rules: '',
      fee_text: '30 € je Abend',
      mode: 'slots',
      slot_minutes: 240,
      day_start: '07:00',
      day_end: '22:00',
      horizon_days: 60,
      max_length: 1,
      quota_count: 4,
      quota_period: 'month',
      cancel_hours: 24,
      approval_required: true,
      price_per_night_cents: null,
      translations: {},
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Raum oder Gerät bearbeiten' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zurück zu den Räumen und Geräten' }));
    const table = await screen.findByRole('table', { name: 'Räume und Geräte' });
    const row = await within(table).findByRole('row', { name: /Partyraum im Dach/ });
    expect(row).toHaveTextContent('Zeitfenster à 4 Std., 07:00–22:00 Uhr');
    expect(row).toHaveTextContent('mit Freigabe');
  });

  it('asks for nights with whole days and sends an empty quota as none', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/2/': { body: laundry },
      'PUT /api/admin/booking-resources/2/': (call: Call) => ({ body: { ...laundry, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    render('/admin/buchungen/ressourcen/2');
    expect(await screen.findByRole('radio', { name: /^Zeitfenstern/ })).toBeChecked();
    // A price per night is asked only for whole days.
    expect(screen.queryByRole('textbox', { name: /^Preis pro Nacht/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^ganzen Tagen/ }));
    expect(screen.queryByRole('textbox', { name: 'Länge eines Zeitfensters (Minuten)' })).not.toBeInTheDocument();
    await user.clear(field('Höchstens so viele Nächte am Stück'));
    await user.type(field('Höchstens so viele Nächte am Stück'), '5');
    await user.clear(field(/^Höchstens so viele Buchungen je Haushalt/));
    await user.type(field(/^Preis pro Nacht in Euro/), '25 Euro');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(field(/^Preis pro Nacht in Euro/)).toHaveAccessibleDescription(
      /Bitte einen Betrag wie 25 oder 25,50 angeben, höchstens 10\.000 €\./,
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(field(/^Preis pro Nacht in Euro/));
    await user.type(field(/^Preis pro Nacht in Euro/), '27,50');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      mode: 'days',
      max_length: 5,
      quota_count: null,
      price_per_night_cents: 2750,
    });
    // Saved, the form shows the price as a manager writes it.
    await waitFor(() => expect(field(/^Preis pro Nacht in Euro/)).toHaveValue('27,50'));
  });
});

describe("back office: 'Sperrzeiten'", () => {
  it('lists the blocks to come, removes one after asking, and blocks whole days from midnight to midnight', async () => {
    const future = {
      id: 4,
      starts_at: '2099-06-16T22:00:00.000Z',
      ends_at: '2099-06-18T22:00:00.000Z',
      reason: 'Malerarbeiten',
    };
    const past = { id: 3, starts_at: '2020-01-01T00:00:00.000Z', ends_at: '2020-01-02T00:00:00.000Z', reason: 'Alt' };
    let blocks = [past, future];
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/booking-resources/1/': () => ({ body: { ...guestFlat, blocks } }),
      'DELETE /api/admin/booking-resources/1/blocks/4/': () => {
        blocks = [past];
        return { status: 204 };
      },
      'POST /api/admin/booking-resources/1/blocks/': (call: Call) => {
        const body = call.body as { starts_at: string; ends_at: string; reason: string };
        blocks = [past, { id: 5, ...body }];
        return { status: 201, body: { ...guestFlat, blocks } };
      },
    });
    const user = userEvent.setup();
    render('/admin/buchungen/ressourcen/1');
    const section = within((await screen.findByRole('heading', { name: 'Sperrzeiten' })).closest('section')!);
    const table = section.getByRole('table', { name: 'Sperrzeiten von Gästewohnung' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /17\.06\.2099 – 18\.06\.2099 Malerarbeiten/ })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Aufheben: 17.06.2099 – 18.06.2099' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sperrzeit aufheben' });
    await user.click(within(dialog).getByRole('button', { name: 'Aufheben' }));
    expect(await section.findByText('Keine aktuellen oder künftigen Sperrzeiten.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);

    // The last day before the first is refused in the form.
    await user.type(section.getByLabelText('Erster gesperrter Tag'), '2099-03-28');
    await user.type(section.getByLabelText('Letzter gesperrter Tag'), '2099-03-27');
    await user.click(section.getByRole('button', { name: 'Zeitraum sperren' }));
    expect(section.getByLabelText('Letzter gesperrter Tag')).toHaveAccessibleDescription(
      'Der letzte Tag darf nicht vor dem ersten liegen.',
    );
    await user.clear(section.getByLabelText('Letzter gesperrter Tag'));
    // Over the switch to summer time (29 March 2099): still midnight to midnight in Berlin.
    await user.type(section.getByLabelText('Letzter gesperrter Tag'), '2099-03-29');
    await user.type(section.getByRole('textbox', { name: /^Grund/ }), 'Wasserschaden');
    await user.click(section.getByRole('button', { name: 'Zeitraum sperren' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      starts_at: '2099-03-27T23:00:00.000Z',
      ends_at: '2099-03-29T22:00:00.000Z',
      reason: 'Wasserschaden',
    });
    expect(await section.findByRole('row', { name: /28\.03\.2099 – 29\.03\.2099 Wasserschaden/ })).toBeInTheDocument();
  });
});
