import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import ServicesPage from './services-page';

const manager = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [{ id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

const service = (id: number, title: string, extra = {}) => ({
  id,
  title,
  icon: '/icons/services.svg',
  contact_text: '',
  location_id: 1,
  sort_order: id,
  is_system: false,
  ...extra,
});

const verwaltung = service(1, 'Verwaltung', { location_id: null, is_system: true });
const reinigung = service(7, 'Reinigung', {
  contact_text: 'Hallo, hier ist {profile_name} aus {apartment_number}.',
});

describe('services and providers', () => {
  it('marks the system services, offers no delete for them and lets a manager only view global ones', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/services/?page=1&page_size=25': { body: page([verwaltung, reinigung]) },
    });
    renderAdmin(<ServicesPage />, { path: '/admin/services', pattern: '/admin/services/*' });
    const table = await screen.findByRole('table', { name: 'Dienste' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Systemdienst')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Alle Standorte')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Löschen/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Anbieter: Verwaltung' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Löschen: Reinigung' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Bearbeiten: Reinigung' })).toBeInTheDocument();
  });

  it('previews the contact text with sample values while typing and inserts tokens at the cursor', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/services/7/': { body: reinigung },
      'GET /api/admin/providers/?page=1&page_size=25&service_id=7': { body: page([]) },
    });
    const user = userEvent.setup();
    renderAdmin(<ServicesPage />, { path: '/admin/services/7', pattern: '/admin/services/*' });
    const preview = await screen.findByTestId('contact-preview');
    expect(preview).toHaveTextContent('Hallo, hier ist Anna Beispiel aus A-0101.');
    const text = screen.getByRole('textbox', { name: /^Kontakttext/ });
    await user.clear(text);
    await user.type(text, 'Anfrage für ');
    await user.click(screen.getByRole('button', { name: '{location} einfügen' }));
    expect(text).toHaveValue('Anfrage für {location}');
    expect(preview).toHaveTextContent('Anfrage für Residenz am Stadtpark');
    await user.type(text, ' {{foo}');
    expect(screen.getByText('Unbekannte Platzhalter: {foo}')).toBeInTheDocument();
  });

  it('refuses an unknown token in German and saves a valid text with PUT', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/services/7/': { body: reinigung },
      'GET /api/admin/providers/?page=1&page_size=25&service_id=7': { body: page([]) },
      'PUT /api/admin/services/7/': (call) => ({ body: { ...reinigung, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderAdmin(<ServicesPage />, { path: '/admin/services/7', pattern: '/admin/services/*' });
    const text = await screen.findByRole('textbox', { name: /^Kontakttext/ });
    await user.clear(text);
    await user.type(text, 'Bitte {{name} melden');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(text).toHaveAccessibleDescription(/Unbekannter Platzhalter \{name\}\. Erlaubt sind/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(text);
    await user.type(text, 'Bitte {{placeholder}');
    await user.clear(screen.getByRole('textbox', { name: /^Position/ }));
    // The title in Ukrainian, for the residents who read it.
    await user.click(screen.getByText('Übersetzungen (optional)'));
    await user.type(screen.getByRole('textbox', { name: /^Ukrainisch: Titel/ }), 'Прибирання');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      title: 'Reinigung',
      icon: '/icons/services.svg',
      location_id: 1,
      contact_text: 'Bitte {placeholder}',
      translations: { uk: { title: 'Прибирання' } },
    });
  });

  it('creates a provider with every field for the service', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: manager },
      'GET /api/admin/services/7/': { body: reinigung },
      'GET /api/admin/providers/?page=1&page_size=25&service_id=7': { body: page([]) },
      'POST /api/admin/providers/': (call) => ({ status: 201, body: { id: 3, ...(call.body as object) } }),
      'GET /api/admin/ticket-categories/?location_id=1&page_size=100': {
        body: page([
          { id: 1, name: 'Heizung', archived: false },
          { id: 2, name: 'Sanitär', archived: false },
          { id: 3, name: 'Alte Kategorie', archived: true },
        ]),
      },
    });
    const user = userEvent.setup();
    renderAdmin(<ServicesPage />, { path: '/admin/services/7/providers/new', pattern: '/admin/services/*' });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Glanz & Co');
    await user.type(screen.getByRole('textbox', { name: /^Telefon/ }), '030 555');
    await user.click(screen.getByRole('checkbox', { name: 'Telefonnummer verbergen' }));
    await user.type(screen.getByRole('textbox', { name: /^E-Mail/ }), 'info@glanz.example');
    await user.type(screen.getByRole('textbox', { name: /^Website/ }), 'glanz.example');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('textbox', { name: /^Website/ })).toHaveAccessibleDescription(
      /Bitte geben Sie eine vollständige Adresse mit http:\/\/ oder https:\/\/ ein\./,
    );
    await user.clear(screen.getByRole('textbox', { name: /^Website/ }));
    await user.type(screen.getByRole('textbox', { name: /^Website/ }), 'https://glanz.example');
    await user.type(screen.getByRole('textbox', { name: /^Ansprechperson/ }), 'Frau Glanz');
    await user.type(screen.getByRole('textbox', { name: /^Erreichbarkeit/ }), 'Mo–Fr 8–16 Uhr');
    await user.type(screen.getByRole('textbox', { name: /^Beschreibung/ }), 'Treppenhausreinigung');
    await user.click(screen.getByRole('checkbox', { name: 'Anfragen über das Kontaktformular erlauben' }));
    await user.type(screen.getByRole('textbox', { name: /^Hinweis im Anfrageformular/ }), 'Welche Etage?');
    // Its trades: the location's ticket categories, without the archived one.
    const trades = await screen.findByRole('group', { name: 'Gewerke' });
    expect(
      within(trades)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Heizung', 'Sanitär']);
    await user.click(within(trades).getByRole('checkbox', { name: 'Sanitär' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/services\/7$/));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      service_id: 7,
      location_id: 1,
      name: 'Glanz & Co',
      phone: '030 555',
      hide_phone: true,
      email: 'info@glanz.example',
      website: 'https://glanz.example',
      contact: 'Frau Glanz',
      hours: 'Mo–Fr 8–16 Uhr',
      text: 'Treppenhausreinigung',
      allow_form_contact: true,
      placeholder: 'Welche Etage?',
      category_ids: [2],
    });
  });
});
