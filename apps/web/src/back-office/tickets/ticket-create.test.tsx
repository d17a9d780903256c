import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { categories, me, oneLocationMe, ticket } from './test-fixtures';
import TicketsPage from './tickets-page';

const anna = {
  id: 11,
  name: 'Anna Beispiel',
  apartment_number: '0101',
  email: 'anna@example.org',
  location_id: 1,
  location_title: 'Residenz am Stadtpark',
  is_receptionist: false,
  emergency_services_deactivated: false,
  is_active: true,
  invited_at: null,
  erased_at: null,
  created_at: '2026-01-01T00:00:00Z',
};

const apartments = (numbers: string[]) => ({
  count: numbers.length,
  next: null,
  previous: null,
  results: numbers.map((apartment_number) => ({ apartment_number, active_residents: 1 })),
});

function open(path = '/admin/tickets/new') {
  const user = userEvent.setup();
  renderAdmin(<TicketsPage />, { path, pattern: '/admin/tickets/*' });
  return user;
}

describe('opening a ticket for a resident (Meldung erfassen)', () => {
  it('finds the resident, checks the form, and sends what the contract takes', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: oneLocationMe },
      'GET /api/admin/ticket-categories/?location_id=1&page_size=100': {
        body: page([...categories, { ...categories[2]!, id: 4, name: 'Alt', archived: true }]),
      },
      'GET /api/admin/apartments/?location_id=1&page_size=100': { body: apartments(['0101', '0102']) },
      'GET /api/admin/residents/?page=1&page_size=10&location_id=1&search=0101&active=true': {
        body: page([anna, { ...anna, id: 12, name: 'Bernd Beispiel' }, { ...anna, id: 13, apartment_number: '01011' }]),
      },
      'POST /api/admin/tickets/': { status: 201, body: ticket({ id: 55, number: '2026-000055' }) },
    });
    const user = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meldung erfassen' })).toBeInTheDocument();
    // One location: no location to choose.
    expect(screen.queryByRole('combobox', { name: 'Standort' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Heizung' });
    // An archived category is not offered.
    expect(screen.queryByRole('option', { name: 'Alt' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Meldung anlegen' }));
    const search = screen.getByRole('combobox', { name: 'Wohnung' });
    expect(search).toHaveAccessibleDescription(/Bitte wählen Sie die Bewohnerin oder den Bewohner./);
    expect(screen.getByRole('combobox', { name: 'Kategorie' })).toHaveAccessibleDescription(
      'Bitte wählen Sie eine Kategorie.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The apartment comes from the list; then whoever of its people reports.
    await user.type(search, '101');
    await user.click(await screen.findByRole('option', { name: /^0101/ }));
    expect(search).toHaveValue('0101');
    const who = await screen.findByRole('group', { name: 'Wer meldet?' });
    // Only the people of 0101 itself, not of 01011.
    expect(within(who).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(who).getByRole('radio', { name: 'Anna Beispiel' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategorie' }), 'Heizung');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Bei Wasserrohrbruch oder Stromausfall sofort den Notdienst anrufen. Bei Gasgeruch: keine Schalter betätigen, kein offenes Feuer, das Haus verlassen und von draußen zuerst 112, dann den Gas-Notruf anrufen.',
    );
    await user.click(screen.getByRole('radio', { name: 'Im Haus / Gemeinschaftsfläche' }));
    await user.type(screen.getByRole('textbox', { name: 'Beschreibung' }), 'Heizung im Treppenhaus ist kalt.');
    await user.click(screen.getByRole('button', { name: 'Meldung anlegen' }));
    const place = screen.getByRole('textbox', { name: 'Ort im Haus' });
    expect(place).toHaveAccessibleDescription(/Bitte beschreiben Sie, wo im Haus der Schaden ist./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(place, 'Treppenhaus 2. OG');
    await user.click(
      screen.getByRole('checkbox', { name: 'Kontaktdaten dürfen an den beauftragten Handwerker weitergegeben werden' }),
    );
    await user.type(screen.getByRole('textbox', { name: /Telefon für den Handwerker/ }), '0170 1234567');
    await user.click(screen.getByRole('radio', { name: 'Empfang' }));
    await user.click(screen.getByRole('button', { name: 'Meldung anlegen' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/tickets/55'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      resident_id: 11,
      category_id: 1,
      scope: 'building',
      place: 'Treppenhaus 2. OG',
      description: 'Heizung im Treppenhaus ist kalt.',
      contact_consent: true,
      contact_phone: '0170 1234567',
      source: 'desk',
    });
  });

  it('searches the residents of the chosen location and shows server errors at their fields', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/ticket-categories/?location_id=2&page_size=100': {
        body: page([{ ...categories[1]!, id: 12, location_id: 2 }]),
      },
      'GET /api/admin/apartments/?location_id=2&page_size=100': { body: apartments(['0101']) },
      'GET /api/admin/residents/?page=1&page_size=10&location_id=2&search=0101&active=true': {
        body: page([{ ...anna, id: 31, name: 'Dora Seemann', location_id: 2 }]),
      },
      'POST /api/admin/tickets/': {
        status: 400,
        body: { description: ['Höchstens 5000 Zeichen.'] },
      },
    });
    const user = open();
    const location = await screen.findByRole('combobox', { name: 'Standort' });
    expect(screen.getByRole('combobox', { name: 'Wohnung' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Wohnung' })).toHaveAccessibleDescription(
      'Bitte zuerst einen Standort wählen.',
    );
    await user.selectOptions(location, 'Haus am See');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Wohnung' })).toBeEnabled());
    // Typed in full and taken with Enter; the only person living there is chosen at once.
    await user.type(screen.getByRole('combobox', { name: 'Wohnung' }), '0101{Enter}');
    expect(await screen.findByRole('radio', { name: 'Dora Seemann' })).toBeChecked();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kategorie' }), 'Aufzug');
    await user.type(screen.getByRole('textbox', { name: 'Beschreibung' }), 'Aufzug steht.');
    await user.click(screen.getByRole('button', { name: 'Meldung anlegen' }));
    expect(await screen.findByRole('textbox', { name: 'Beschreibung' })).toHaveAccessibleDescription(
      'Höchstens 5000 Zeichen.',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      resident_id: 31,
      category_id: 12,
      scope: 'apartment',
      source: 'phone',
    });
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/tickets/new');
    expect(
      within(screen.getByRole('form', { name: 'Meldung erfassen' })).getByRole('button', { name: 'Meldung anlegen' }),
    ).toBeEnabled();
  });
});
