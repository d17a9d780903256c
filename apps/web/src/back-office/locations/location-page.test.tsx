import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { mockXhr } from '@/test/xhr-mock';
import { page, renderAdmin } from '../test-utils';
import LocationsPage from './locations-page';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

afterEach(() => {
  vi.unstubAllGlobals();
  delete (URL as Partial<typeof URL>).createObjectURL;
  delete (URL as Partial<typeof URL>).revokeObjectURL;
});

const stadtpark = {
  id: 1,
  title: 'Residenz am Stadtpark',
  name: 'Stadtpark',
  logo: '/media/logo-1.webp?sig=x',
  direct_call: false,
  direct_number: '+49 30 9876 5432',
  default_service_id: 3,
  default_service_name: 'Rezeption',
  default_service_always: false,
  text: 'Willkommen',
  hours: 'Mo–Fr 8–18 Uhr',
  phone: '+49 30 1234',
  email: 'rezeption@example.org',
  free_text: '',
  residents_can_post: false,
  reception_publishes_directly: false,
  apartment_prefix: null,
  street: 'Parkstraße 1',
  postal_code: '10115',
  city: 'Berlin',
  access_note: '',
  auto_accept_days: null,
  buildings: [] as unknown[],
};

const services = page([
  { id: 1, title: 'Verwaltung', icon: '', contact_text: '', location_id: null, sort_order: 1, is_system: true },
  { id: 3, title: 'Rezeption', icon: '', contact_text: '', location_id: null, sort_order: 2, is_system: true },
  { id: 14, title: 'Hausnotruf', icon: '', contact_text: '', location_id: 1, sort_order: 3, is_system: false },
]);

function routes(extra = {}) {
  return {
    'GET /api/admin/locations/1/': { body: stadtpark },
    'GET /api/admin/services/?location_id=1&page_size=100': { body: services },
    ...extra,
  };
}

describe('location settings', () => {
  it('saves every field, with the default service chosen from the services of the location', async () => {
    const calls = mockFetch(
      routes({
        'PUT /api/admin/locations/1/': (call: { body: unknown }) => ({
          body: { ...stadtpark, ...(call.body as object) },
        }),
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    const select = await screen.findByRole('combobox', { name: /^Standarddienst des Notruf-Knopfs/ });
    await screen.findByRole('option', { name: 'Hausnotruf' });
    await user.selectOptions(select, 'Hausnotruf');
    await user.click(screen.getByRole('checkbox', { name: 'Alle Bewohner:innen dürfen Beiträge schreiben' }));
    await user.click(screen.getByRole('checkbox', { name: /^Rezeption veröffentlicht ohne Freigabe/ }));
    await user.type(screen.getByRole('textbox', { name: /^Weiterer Text/ }), 'Paketannahme im Erdgeschoss');
    await user.click(screen.getByRole('checkbox', { name: /^Standarddienst ist rund um die Uhr erreichbar/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      title: 'Residenz am Stadtpark',
      name: 'Stadtpark',
      direct_call: false,
      direct_number: '+49 30 9876 5432',
      default_service_id: 14,
      default_service_always: true,
      text: 'Willkommen',
      hours: 'Mo–Fr 8–18 Uhr',
      phone: '+49 30 1234',
      email: 'rezeption@example.org',
      free_text: 'Paketannahme im Erdgeschoss',
      residents_can_post: true,
      reception_publishes_directly: true,
      street: 'Parkstraße 1',
      postal_code: '10115',
      city: 'Berlin',
      access_note: '',
      auto_accept_days: null,
      buildings: [],
    });
  });

  it('needs a direct number when the button dials directly, and shows server field errors under fields', async () => {
    const calls = mockFetch(
      routes({
        'PUT /api/admin/locations/1/': {
          status: 400,
          body: { default_service_id: ['Dieser Dienst ist an diesem Standort nicht verfügbar.'] },
        },
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    await user.click(await screen.findByRole('checkbox', { name: 'Notruf-Knopf wählt direkt die Direktnummer' }));
    const number = screen.getByRole('textbox', { name: /^Direktnummer/ });
    await user.clear(number);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(number).toHaveAccessibleDescription(/Bitte geben Sie die Direktnummer ein/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(number, '112');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieser Dienst ist an diesem Standort nicht verfügbar.')).toBeInTheDocument();
  });

  it('saves the address, the access note, the buildings as a whole list and the automatic acceptance', async () => {
    const haus = (id: number, name: string) => ({
      id,
      name,
      street: '',
      postal_code: '',
      city: '',
      access_note: '',
    });
    const calls = mockFetch(
      routes({
        'GET /api/admin/locations/1/': { body: { ...stadtpark, buildings: [haus(4, 'Haus A'), haus(5, 'Haus B')] } },
        'PUT /api/admin/locations/1/': (call: { body: unknown }) => ({
          body: { ...stadtpark, ...(call.body as object) },
        }),
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    const address = await screen.findByRole('group', { name: 'Adresse und Zugang' });
    expect(within(address).getByRole('textbox', { name: /^Straße und Hausnummer/ })).toHaveValue('Parkstraße 1');
    await user.type(
      within(address).getByRole('textbox', { name: /^Zugangshinweis/ }),
      'Schlüssel beim Hausmeister, Klingel 3',
    );
    const buildings = screen.getByRole('group', { name: 'Gebäude und Aufgänge' });
    await user.click(within(buildings).getByRole('button', { name: 'Haus B entfernen' }));
    await user.click(within(buildings).getByRole('button', { name: 'Gebäude oder Aufgang hinzufügen' }));
    const added = within(buildings).getByRole('group', { name: 'Gebäude 2' });
    await user.type(within(added).getByRole('textbox', { name: /^Name/ }), 'Haus C');
    expect(within(buildings).getByRole('group', { name: 'Gebäude 2: Haus C' })).toBe(added);
    await user.type(within(added).getByRole('textbox', { name: /^Straße und Hausnummer/ }), 'Parkweg 7');
    await user.type(within(added).getByRole('textbox', { name: /^PLZ/ }), '10117');
    await user.type(within(added).getByRole('textbox', { name: /^Ort/ }), 'Berlin');
    await user.type(screen.getByRole('spinbutton', { name: /^Automatisch abnehmen nach … Tagen/ }), '14');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      street: 'Parkstraße 1',
      postal_code: '10115',
      city: 'Berlin',
      access_note: 'Schlüssel beim Hausmeister, Klingel 3',
      auto_accept_days: 14,
      buildings: [
        haus(4, 'Haus A'),
        { name: 'Haus C', street: 'Parkweg 7', postal_code: '10117', city: 'Berlin', access_note: '' },
      ],
    });
  });

  it('checks the days and a building name before saving, and shows the server’s errors under the fields', async () => {
    const calls = mockFetch(
      routes({
        'PUT /api/admin/locations/1/': {
          status: 400,
          body: { postal_code: ['Bitte eine Postleitzahl mit fünf Ziffern angeben.'] },
        },
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    const days = await screen.findByRole('spinbutton', { name: /^Automatisch abnehmen nach … Tagen/ });
    await user.type(days, '120');
    await user.click(screen.getByRole('button', { name: 'Gebäude oder Aufgang hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(days).toHaveAccessibleDescription(/Bitte eine ganze Zahl von 1 bis 90 Tagen, oder leer lassen\./);
    const building = screen.getByRole('group', { name: 'Gebäude 1' });
    expect(within(building).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(building).getByRole('button', { name: 'Gebäude entfernen' }));
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const postalCode = screen.getAllByRole('textbox', { name: /^PLZ/ })[0]!;
    await waitFor(() =>
      expect(postalCode).toHaveAccessibleDescription('Bitte eine Postleitzahl mit fünf Ziffern angeben.'),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ auto_accept_days: null, buildings: [] });
  });

  // ADR 028: the apartment-number prefix.
  const staff = (role: 'admin' | 'manager') => ({
    id: 9,
    name: 'Ada Admin',
    email: 'ada@example.org',
    role,
    locations: [{ id: 1, title: 'Residenz am Stadtpark', name: 'Stadtpark' }],
    access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
  });

  it('lets an administrator set the prefix, recommending one while several locations have none', async () => {
    const calls = mockFetch(
      routes({
        'GET /api/admin/me/': { body: staff('admin') },
        'GET /api/admin/locations/?page=1&page_size=25': {
          body: page([
            { ...stadtpark, apartment_prefix: null },
            { ...stadtpark, id: 2, apartment_prefix: 'B-' },
          ]),
        },
        'GET /api/admin/locations/1/': { body: { ...stadtpark, apartment_prefix: null } },
        'PUT /api/admin/locations/1/': (call: { body: unknown }) => ({
          body: { ...stadtpark, ...(call.body as object) },
        }),
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    expect(await screen.findByRole('note')).toHaveTextContent(/^Empfehlung: Legen Sie ein Präfix fest/);
    const field = screen.getByRole('textbox', { name: /^Präfix der Wohnungsnummern/ });
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(/beginnt damit, z\. B\. „A-“ für A-0101/);
    await user.type(field, 'A-');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ apartment_prefix: 'A-' });
  });

  it('shows a manager the prefix read-only and leaves it out of the saved settings', async () => {
    const calls = mockFetch(
      routes({
        'GET /api/admin/me/': { body: staff('manager') },
        'GET /api/admin/locations/1/': { body: { ...stadtpark, apartment_prefix: 'A-' } },
        'PUT /api/admin/locations/1/': (call: { body: unknown }) => ({
          body: { ...stadtpark, apartment_prefix: 'A-', ...(call.body as object) },
        }),
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    const field = await screen.findByRole('textbox', { name: /^Präfix der Wohnungsnummern/ });
    expect(field).toHaveValue('A-');
    await waitFor(() => expect(field).toHaveAttribute('readonly'));
    expect(field).toHaveAccessibleDescription('Nur Administrator:innen können das Präfix ändern.');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('apartment_prefix');
  });

  it('removes the logo only after the confirmation', async () => {
    const calls = mockFetch(routes({ 'DELETE /api/admin/locations/1/logo/': { body: { ...stadtpark, logo: null } } }));
    const user = userEvent.setup();
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    expect(await screen.findByRole('img', { name: 'Logo von Residenz am Stadtpark' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logo entfernen' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Logo entfernen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('refuses a logo that is not an image before uploading', async () => {
    mockFetch(routes());
    const uploads = mockXhr(() => ({ status: 500 }));
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    await user.upload(
      await screen.findByLabelText('Neues Logo'),
      new File(['%PDF-1.4'], 'logo.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('Die Datei logo.png ist kein Bild im Format JPEG, PNG oder WebP.'),
    ).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('uploads a logo as soon as it is picked, without a second click, and shows the new one', async () => {
    let logo = stadtpark.logo;
    mockFetch(routes({ 'GET /api/admin/locations/1/': () => ({ body: { ...stadtpark, logo } }) }));
    const sent = mockXhr(() => {
      logo = '/media/logo-2.webp?sig=y';
      return { status: 200, body: { ...stadtpark, logo } };
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin(<LocationsPage />, { path: '/admin/locations/1', pattern: '/admin/locations/*' });
    await user.upload(await screen.findByLabelText('Neues Logo'), new File([PNG], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/admin/locations/1/logo/' });
    expect((sent[0]!.body as FormData).get('logo')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo von Residenz am Stadtpark' })).toHaveAttribute(
        'src',
        '/media/logo-2.webp?sig=y',
      ),
    );
    expect(screen.queryByRole('button', { name: /hochladen/i })).not.toBeInTheDocument();
  });
});
