import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  IDEMPOTENCY_HEADER,
  TICKET_CONSENT_LABEL,
  TICKET_EMERGENCY_HINT,
  type BuildingTicket,
} from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { idbReset } from '@/lib/idb';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { flushOutbox, pendingReports } from '../outbox';
import { aTicket, anna, categories, category, seedResident } from '../test-data';
import TicketsScreens from './tickets-screens';

// jsdom cannot decode images; the shrinking itself is tested in lib/resize-image.test.ts.
vi.mock('@/lib/resize-image', () => ({
  resizeImage: vi.fn(
    async (file: File) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' }),
  ),
}));

const page = (results: unknown[]) => ({ body: { count: results.length, next: null, previous: null, results } });

const elevator: BuildingTicket = {
  id: 7,
  number: '2026-000007',
  created_at: '2026-11-22T09:00:00.000Z',
  status: 'in_progress',
  category: category('Aufzug'),
  place: 'Aufzug Haus A',
  description: 'Der Aufzug bleibt zwischen den Stockwerken stehen.',
  affected_count: 3,
  affected: false,
};

function setup({
  profile = anna,
  routes = {},
}: { profile?: typeof anna; routes?: Parameters<typeof mockFetch>[0] } = {}) {
  const calls = mockFetch({
    'GET /api/tickets/categories/?page_size=100': page(categories),
    'GET /api/tickets/41/': { body: aTicket() },
    ...routes,
  });
  const store = seedResident(makeStore({ persist: false }), profile);
  renderWithApp(<TicketsScreens />, { path: '/tickets/new', pattern: '/tickets/*', store });
  return calls;
}

const select = () => screen.getByLabelText('Was ist betroffen?');
const choose = async (name: string) => {
  await waitFor(() => expect(select()).toBeEnabled());
  fireEvent.change(select(), { target: { value: String(category(name).id) } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Meldung senden' }));
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0])], name, { type: 'image/jpeg' });

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  idbReset();
  setOnline(true);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Schaden melden', () => {
  it('has the title, the fields of the issue and the exact consent label', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeInTheDocument();
    await waitFor(() => expect(within(select()).getAllByRole('option')).toHaveLength(11));
    expect(screen.getByRole('radio', { name: 'In meiner Wohnung' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Im Haus / Gemeinschaftsfläche' })).toBeInTheDocument();
    expect(screen.getByLabelText('Beschreibung')).toBeInTheDocument();
    expect(screen.getByLabelText('Fotos hinzufügen')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByRole('checkbox', { name: TICKET_CONSENT_LABEL })).not.toBeChecked();
    // The phone number only means something with consent: it waits for it and says so.
    const phone = screen.getByLabelText('Telefonnummer für den Handwerker (optional)');
    expect(phone).toBeDisabled();
    expect(phone).toHaveAccessibleDescription(/nur weitergegeben, wenn Sie oben zustimmen/);
    fireEvent.click(screen.getByRole('checkbox', { name: TICKET_CONSENT_LABEL }));
    expect(phone).toBeEnabled();
  });

  it('says in German what is missing, under each field, and puts the focus on the first', async () => {
    const xhr = mockXhr(() => ({ status: 201, body: aTicket() }));
    setup();
    await waitFor(() => expect(select()).toBeEnabled());
    submit();
    expect(await screen.findByText('Bitte prüfen Sie 3 Angaben.')).toBeInTheDocument();
    expect(select()).toHaveAccessibleDescription('Bitte wählen Sie aus, was betroffen ist.');
    expect(select()).toHaveFocus();
    expect(screen.getByText('Bitte wählen Sie, wo der Schaden ist.')).toBeInTheDocument();
    expect(screen.getByLabelText('Beschreibung')).toHaveAccessibleDescription(/Eingabe ist zwingend/);

    await choose('Aufzug');
    fireEvent.click(screen.getByRole('radio', { name: 'Im Haus / Gemeinschaftsfläche' }));
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Steht still.' } });
    submit();
    // In the building the place is needed too.
    const place = await screen.findByLabelText('Ort im Haus');
    await waitFor(() => expect(place).toHaveFocus());
    expect(place).toHaveAccessibleDescription(/Bitte beschreiben Sie, wo im Haus der Schaden ist\./);

    fireEvent.click(screen.getByRole('checkbox', { name: TICKET_CONSENT_LABEL }));
    fireEvent.change(screen.getByLabelText('Telefonnummer für den Handwerker (optional)'), {
      target: { value: 'ruf mich an' },
    });
    fireEvent.change(place, { target: { value: 'Keller' } });
    submit();
    expect(await screen.findByText(/Bitte geben Sie eine Telefonnummer aus Ziffern ein/)).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
  });

  it('shows the emergency number with its hint for Heizung, Wasser & Sanitär and Elektrik only', async () => {
    setup();
    for (const name of ['Heizung', 'Wasser & Sanitär', 'Elektrik']) {
      await choose(name);
      const hint = screen.getByTestId('emergency-hint');
      expect(hint).toHaveTextContent(TICKET_EMERGENCY_HINT);
      expect(within(hint).getByRole('link', { name: 'Notdienst anrufen: +49 30 9876 5432' })).toHaveAttribute(
        'href',
        'tel:+493098765432',
      );
    }
    for (const name of ['Aufzug', 'Sonstiges']) {
      await choose(name);
      expect(screen.queryByTestId('emergency-hint')).not.toBeInTheDocument();
    }
  });

  it('keeps the emergency number on one line and the radios at full size beside long labels', async () => {
    const style = document.createElement('style');
    // vitest hands CSS imports over empty: the app's own sheets, so computed styles are the browser's.
    style.textContent = ['../../../styles/global.css', './tickets.css']
      .map((file) => readFileSync(`${import.meta.dirname}/${file}`, 'utf8'))
      .join('\n');
    document.head.append(style);
    try {
      setup();
      await choose('Heizung');
      const call = screen.getByRole('link', { name: 'Notdienst anrufen: +49 30 9876 5432' });
      const number = within(call).getByText('+49 30 9876 5432');
      expect(getComputedStyle(number).whiteSpace).toBe('nowrap');
      expect(number).toHaveAttribute('dir', 'ltr');
      for (const radio of screen.getAllByRole('radio')) expect(getComputedStyle(radio).flexShrink).toBe('0');
    } finally {
      style.remove();
    }
  });

  it('leaves the number out for a resident whose emergency services are deactivated', async () => {
    setup({ profile: { ...anna, emergency_services_deactivated: true } });
    await choose('Heizung');
    expect(screen.getByTestId('emergency-hint')).toHaveTextContent(TICKET_EMERGENCY_HINT);
    expect(screen.queryByRole('link', { name: /Notdienst anrufen/ })).not.toBeInTheDocument();
  });

  it('shows what is already reported in the building, without names, and joins it with “Betrifft mich auch”', async () => {
    const calls = setup({
      routes: {
        'GET /api/tickets/building/?category_id=4&page_size=100': page([elevator]),
        'POST /api/tickets/7/affected/': { body: { id: 7, affected_count: 4, affected: true } },
        'GET /api/tickets/7/': {
          body: aTicket({ id: 7, number: '2026-000007', relation: 'follower', scope: 'building', affected_count: 4 }),
        },
      },
    });
    await choose('Aufzug');
    // Nothing is shown for a defect in the resident's own flat.
    fireEvent.click(screen.getByRole('radio', { name: 'In meiner Wohnung' }));
    expect(screen.queryByRole('heading', { name: 'Bereits gemeldet' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Im Haus / Gemeinschaftsfläche' }));
    const section = (await screen.findByRole('heading', { name: 'Bereits gemeldet' })).closest('section')!;
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('Aufzug Haus A');
    expect(item).toHaveTextContent('Der Aufzug bleibt zwischen den Stockwerken stehen.');
    expect(item).toHaveTextContent('In Bearbeitung');
    expect(item).toHaveTextContent('3 Bewohner:innen betroffen');

    fireEvent.click(within(item).getByRole('button', { name: 'Betrifft mich auch' }));
    expect(
      await screen.findByText('Sie sind eingetragen. Sie erhalten ab jetzt alle Nachrichten zu dieser Meldung.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Meldung 2026-000007' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/tickets/7/affected/']);
  });

  it('sends the report with its photos as multipart with an idempotency key, once, and opens the ticket', async () => {
    const xhr = mockXhr(() => ({ status: 201, body: aTicket() }));
    setup();
    await choose('Heizung');
    fireEvent.click(screen.getByRole('radio', { name: 'In meiner Wohnung' }));
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: '  Der Heizkörper im Bad tropft.  ' } });
    fireEvent.change(screen.getByLabelText('Fotos hinzufügen'), { target: { files: [jpeg('a.jpg'), jpeg('b.png')] } });
    expect(await screen.findByRole('img', { name: 'Foto 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: TICKET_CONSENT_LABEL }));
    fireEvent.change(screen.getByLabelText('Telefonnummer für den Handwerker (optional)'), {
      target: { value: '0170 1234567' },
    });
    submit();
    // A second tap while it is sent finds the button disabled and saying so.
    const busy = screen.getByRole('button', { name: 'Meldung wird gesendet …' });
    expect(busy).toBeDisabled();
    fireEvent.click(busy);

    expect(await screen.findByText('Ihre Meldung 2026-000041 ist eingegangen.')).toBeInTheDocument();
    expect(xhr).toHaveLength(1);
    const [call] = xhr;
    expect(call!.url).toBe('/api/tickets/');
    expect(call!.headers[IDEMPOTENCY_HEADER]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    const form = call!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'photos'))).toEqual({
      category_id: String(category('Heizung').id),
      scope: 'apartment',
      place: '',
      description: 'Der Heizkörper im Bad tropft.',
      contact_consent: 'true',
      contact_phone: '0170 1234567',
    });
    expect((form.getAll('photos') as File[]).map((f) => [f.name, f.type])).toEqual([
      ['a.jpg', 'image/jpeg'],
      ['b.jpg', 'image/jpeg'],
    ]);
    // Sent, so nothing waits on the device.
    expect(await pendingReports(anna.id)).toEqual([]);
  });

  it("lets the reception report for a resident at the desk, and shows the server's answer under that field", async () => {
    let answers = 0;
    const xhr = mockXhr(() =>
      answers++ === 0
        ? { status: 400, body: { for_apartment: ['Diese Wohnungsnummer gibt es an Ihrem Standort nicht.'] } }
        : { status: 201, body: aTicket({ relation: 'desk' }) },
    );
    setup({
      profile: { ...anna, is_receptionist: true },
      routes: { 'GET /api/tickets/41/': { body: aTicket({ relation: 'desk' }) } },
    });
    const apartment = screen.getByLabelText('Für die Wohnung (am Empfang, optional)');
    expect(apartment).toHaveAccessibleDescription(/Leer lassen für Ihre eigene Meldung/);
    fireEvent.change(apartment, { target: { value: ' B-0999 ' } });
    await choose('Heizung');
    fireEvent.click(screen.getByRole('radio', { name: 'In meiner Wohnung' }));
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Heizung kalt.' } });
    submit();

    await waitFor(() =>
      expect(apartment).toHaveAccessibleDescription(/Diese Wohnungsnummer gibt es an Ihrem Standort nicht\./),
    );
    expect(apartment).toHaveFocus();
    expect(xhr).toHaveLength(1);
    expect((xhr[0]!.body as FormData).get('for_apartment')).toBe('B-0999');

    // Corrected, it is the resident's ticket: the receipt goes to them, not to the desk.
    fireEvent.change(apartment, { target: { value: 'A-0102' } });
    submit();
    expect(await screen.findByText('Die Meldung 2026-000041 ist eingegangen.')).toBeInTheDocument();
    expect(
      screen.getByText(/die Bewohnerin oder der Bewohner erhält die Eingangsbestätigung per E-Mail/),
    ).toBeInTheDocument();
    expect((xhr[1]!.body as FormData).get('for_apartment')).toBe('A-0102');
  });

  it('does not offer a resident to report for another apartment', async () => {
    setup();
    await waitFor(() => expect(select()).toBeEnabled());
    expect(screen.queryByLabelText('Für die Wohnung (am Empfang, optional)')).not.toBeInTheDocument();
  });

  it('keeps a report written offline on the device and says it is sent once online', async () => {
    localStorage.setItem('tickets:categories', JSON.stringify(categories));
    setOnline(false);
    const xhr = mockXhr(() => ({ status: 201, body: aTicket() }));
    setup();
    await choose('Wasser & Sanitär');
    fireEvent.click(screen.getByRole('radio', { name: 'In meiner Wohnung' }));
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Der Abfluss ist verstopft.' } });
    fireEvent.change(screen.getByLabelText('Fotos hinzufügen'), { target: { files: [jpeg('abfluss.jpg')] } });
    await screen.findByRole('img', { name: 'Foto 1' });
    submit();

    expect(await screen.findByText('Wird gesendet, sobald Sie online sind')).toBeInTheDocument();
    expect(screen.getByText('Ihre Meldung ist auf diesem Gerät gespeichert.')).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
    const [kept] = await pendingReports(anna.id);
    expect(kept!.fields.description).toBe('Der Abfluss ist verstopft.');
    expect(kept!.categoryName).toBe('Wasser & Sanitär');
    expect(kept!.photos).toHaveLength(1);

    // Online again, the background sender sends it: the card says so in place, with the ticket.
    setOnline(true);
    await act(() => flushOutbox(anna.id));
    const sent = await screen.findByRole('link', { name: 'Gesendet als Meldung 2026-000041' });
    expect(sent).toHaveAttribute('href', '/tickets/41');
    expect(screen.queryByText('Wird gesendet, sobald Sie online sind')).not.toBeInTheDocument();
    expect(screen.queryByText('Ihre Meldung ist auf diesem Gerät gespeichert.')).not.toBeInTheDocument();
    expect(xhr).toHaveLength(1);
  });

  it('refuses HEIC and GIF with a clear message, takes five photos at most, and removes one with its button', async () => {
    setup();
    const heic = new File(
      [new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63])],
      'IMG_1.HEIC',
    );
    const gif = new File(['GIF89a......'], 'lustig.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Fotos hinzufügen'), { target: { files: [heic, gif] } });
    expect(
      await screen.findByText(
        'Die Datei IMG_1.HEIC ist kein Foto im Format JPEG, PNG oder WebP (HEIC und GIF gehen nicht).',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Die Datei lustig.gif ist kein Foto im Format JPEG, PNG oder WebP (HEIC und GIF gehen nicht).'),
    ).toBeInTheDocument();

    const six = ['1', '2', '3', '4', '5', '6'].map((n) => jpeg(`${n}.jpg`));
    fireEvent.change(screen.getByLabelText('Fotos hinzufügen'), { target: { files: six } });
    expect(await screen.findByText('Sie können höchstens 5 Fotos anhängen.')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Foto \d$/ })).toHaveLength(5);
    expect(screen.getByLabelText('Fotos hinzufügen')).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Foto 1 entfernen' }));
    expect(screen.getAllByRole('img', { name: /^Foto \d$/ })).toHaveLength(4);
    expect(screen.getByLabelText('Fotos hinzufügen')).toBeEnabled();
  });
});
