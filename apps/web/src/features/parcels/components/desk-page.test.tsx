import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { ParcelCardView } from '@/components/parcel-card';
import ParcelDeskPage from './desk-page';

// jsdom cannot decode images; the shrinking itself is tested in lib/resize-image.test.ts.
vi.mock('@/lib/resize-image', () => ({
  resizeImage: vi.fn(
    async (file: File) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], file.name.replace(/\.\w+$/, '.jpg'), {
        type: 'image/jpeg',
      }),
  ),
}));

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0])], name, { type: 'image/jpeg' });

const parcel = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  apartment_number: 'A-0101',
  carrier: 'DHL',
  pieces: 1,
  storage_place: 'Regal A',
  note: '',
  status: 'open',
  logged_by: 'Rita Rezeption',
  logged_at: '2026-11-25T08:00:00Z',
  handed_over_by: null,
  handed_over_at: null,
  handover_note: '',
  tracking_number: '',
  label_photo: null,
  ...over,
});

beforeEach(() => {
  setOnline(true);
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the parcel desk', () => {
  it('logs a parcel with the defaults in one tap after the apartment is picked, and is ready for the next', async () => {
    localStorage.setItem('hausportal.parcelDesk', JSON.stringify({ storage_place: 'Regal A', carrier: 'Hermes' }));
    let id = 0;
    const calls = mockFetch({
      'GET /api/reception/apartments/?q=0101': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ apartment_number: 'A-0101', open_parcels: 0, residents: ['Anna Beispiel'] }],
        },
      },
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
      'POST /api/reception/parcels/': (call) => ({
        status: 201,
        body: parcel(++id, call.body as Record<string, unknown>),
      }),
    });
    renderWithApp(<ParcelDeskPage />);
    // The label photo is offered, never required.
    const camera = screen.getByLabelText('Foto vom Etikett (optional)');
    expect(camera).not.toBeRequired();
    fireEvent.change(screen.getByLabelText('Wohnung'), { target: { value: '0101' } });
    fireEvent.click(await screen.findByRole('button', { name: /^A-0101/ }));
    // The one tap after the apartment: 'Speichern'.
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByText('Hermes, 1 Stück für A-0101 erfasst.')).toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      apartment: 'A-0101',
      carrier: 'Hermes',
      pieces: 1,
      storage_place: 'Regal A',
      note: '',
    });
    expect(post.headers['Idempotency-Key']).toMatch(/.{8,}/);
    // Ready for the next parcel: apartment empty, storage place and carrier kept.
    expect(screen.getByLabelText('Wohnung')).toHaveValue('');
    expect(screen.getByLabelText('Lagerort')).toHaveValue('Regal A');
    expect(screen.getByRole('button', { name: 'Hermes' })).toHaveAttribute('aria-pressed', 'true');

    // The second parcel gets a key of its own and the stepper's count.
    fireEvent.change(screen.getByLabelText('Wohnung'), { target: { value: '0101' } });
    fireEvent.click(await screen.findByRole('button', { name: /^A-0101/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Ein Stück mehr' }));
    fireEvent.click(screen.getByRole('button', { name: 'DHL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second!.body).toMatchObject({ carrier: 'DHL', pieces: 2 });
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('says in German why a parcel was not logged, and asks for an apartment first', async () => {
    mockFetch({
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
    });
    renderWithApp(<ParcelDeskPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wählen Sie zuerst eine Wohnung.');
    expect(await screen.findByText('Keine offenen Pakete.')).toBeInTheDocument();
  });

  it('hands an apartment’s open parcels over with the code and shows the German error for a wrong one', async () => {
    let open = [parcel(1), parcel(2, { carrier: 'UPS' })];
    const calls = mockFetch({
      'GET /api/reception/parcels/?status=open&page_size=100': () => ({
        body: { count: open.length, next: null, previous: null, results: open },
      }),
      'POST /api/reception/parcels/handover/': (call) => {
        if ((call.body as { code?: string }).code !== '4711')
          return { status: 400, body: { code: ['Der Abholcode passt nicht zu dieser Wohnung.'] } };
        const done = open;
        open = [];
        return { body: { handed_over: done } };
      },
    });
    renderWithApp(<ParcelDeskPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Übergeben' }));
    const dialog = screen.getByRole('dialog', { name: 'Pakete für A-0101 übergeben' });
    fireEvent.change(within(dialog).getByLabelText('Abholcode'), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergabe bestätigen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Der Abholcode passt nicht zu dieser Wohnung.');
    fireEvent.change(within(dialog).getByLabelText('Abholcode'), { target: { value: '4711' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übergabe bestätigen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      apartment: 'A-0101',
      code: '4711',
      ids: [1, 2],
    });
    expect(await screen.findByText('Keine offenen Pakete.')).toBeInTheDocument();
  });
});

describe('finding and handing over at the desk', () => {
  it("names the apartment's residents in the type-ahead, and finds an apartment by a name", async () => {
    mockFetch({
      'GET /api/reception/apartments/?q=beisp': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ apartment_number: 'A-0101', open_parcels: 2, residents: ['Anna Beispiel', 'Ben Beispiel'] }],
        },
      },
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
    });
    renderWithApp(<ParcelDeskPage />);
    fireEvent.change(screen.getByLabelText('Wohnung'), { target: { value: 'beisp' } });
    const option = await screen.findByRole('button', { name: /^A-0101/ });
    expect(option).toHaveTextContent('A-0101 · 2 Pakete warten');
    expect(option).toHaveTextContent('Anna Beispiel, Ben Beispiel');
    expect(screen.getByRole('textbox', { name: 'Wohnung' })).toHaveAttribute(
      'placeholder',
      'Wohnungsnummer oder Name, z. B. 0101',
    );
  });

  it('sends a tracking number written large without spaces, refuses a wrong one in German, and a scanner’s Enter logs nothing', async () => {
    const calls = mockFetch({
      'GET /api/reception/apartments/?q=0101': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ apartment_number: 'A-0101', open_parcels: 0, residents: [] }],
        },
      },
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
      'POST /api/reception/parcels/': (call) => ({
        status: 201,
        body: parcel(9, call.body as Record<string, unknown>),
      }),
    });
    renderWithApp(<ParcelDeskPage />);
    const tracking = screen.getByLabelText('Sendungsnummer (optional)');
    fireEvent.change(tracking, { target: { value: 'jjd 12' } });
    fireEvent.keyDown(tracking, { key: 'Enter' });
    // The scanner's Enter sends nothing and takes the receptionist to the apartment.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByLabelText('Wohnung')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Wohnung'), { target: { value: '0101' } });
    fireEvent.click(await screen.findByRole('button', { name: /^A-0101/ }));
    fireEvent.change(tracking, { target: { value: 'JJD/12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Sendungsnummer hat 5 bis 40 Buchstaben, Ziffern oder Bindestriche.',
    );
    expect(tracking).toHaveFocus();
    fireEvent.change(tracking, { target: { value: 'jjd 0001 2345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ tracking_number: 'JJD00012345678' });
    // Cleared for the next parcel.
    await waitFor(() => expect(tracking).toHaveValue(''));
  });

  it('hands over in one tap when the searched pickup code matches, with that code', async () => {
    let open = [parcel(1), parcel(2, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' })];
    const calls = mockFetch({
      'GET /api/reception/parcels/?status=open&page_size=100': () => ({
        body: { count: open.length, next: null, previous: null, results: open },
      }),
      'GET /api/reception/parcels/?status=open&page_size=100&code=4711': () => ({
        body: { count: open.length, next: null, previous: null, results: open },
      }),
      'POST /api/reception/parcels/handover/': () => {
        const done = open;
        open = [];
        return { body: { handed_over: done } };
      },
    });
    renderWithApp(<ParcelDeskPage />);
    expect(await screen.findByText(/1Z999AA10123456784/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Suche nach Wohnung oder Abholcode'), { target: { value: '4711' } });
    expect(await screen.findByText('Abholcode 4711 passt.')).toBeInTheDocument();
    // One tap: no dialog, no second entry of the code.
    fireEvent.click(screen.getByRole('button', { name: 'Mit Code 4711 übergeben' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ apartment: 'A-0101', code: '4711', ids: [1, 2] });
    expect(await screen.findByText('2 Pakete an A-0101 übergeben.')).toBeInTheDocument();
    // The search is cleared for the next resident.
    expect(screen.getByLabelText('Suche nach Wohnung oder Abholcode')).toHaveValue('');
    expect(await screen.findByText('Keine offenen Pakete.')).toBeInTheDocument();
  });
});

describe('the label photo at the desk', () => {
  it('opens the camera, sends the shrunk photo with the parcel as multipart, and clears it for the next parcel', async () => {
    const calls = mockFetch({
      'GET /api/reception/apartments/?q=0101': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ apartment_number: 'A-0101', open_parcels: 0, residents: ['Anna Beispiel'] }],
        },
      },
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
      'POST /api/reception/parcels/': { status: 201, body: parcel(7, { label_photo: { url: '/x', thumbnail: '/y' } }) },
    });
    renderWithApp(<ParcelDeskPage />);
    const camera = screen.getByLabelText('Foto vom Etikett (optional)');
    // A tablet opens its back camera; only the types the server takes.
    expect(camera).toHaveAttribute('type', 'file');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    fireEvent.change(camera, { target: { files: [jpeg('IMG_0042.HEIC.jpeg')] } });
    expect(await screen.findByRole('img', { name: 'Foto vom Etikett' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Wohnung'), { target: { value: '0101' } });
    fireEvent.click(await screen.findByRole('button', { name: /^A-0101/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByText('DHL, 1 Stück für A-0101 erfasst.')).toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    const form = post.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'photo'))).toEqual({
      apartment: 'A-0101',
      carrier: 'DHL',
      pieces: '1',
      storage_place: '',
      note: '',
    });
    const sent = form.get('photo') as File;
    expect(sent.name).toBe('IMG_0042.HEIC.jpg');
    expect(sent.size).toBe(6);
    // FormData sets the multipart boundary itself; the key goes along as before.
    expect(post.headers['Content-Type']).toBeUndefined();
    expect(post.headers['Idempotency-Key']).toMatch(/.{8,}/);
    // Ready for the next parcel, without the photo.
    expect(screen.queryByRole('img', { name: 'Foto vom Etikett' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Foto vom Etikett (optional)')).toBeInTheDocument();
  });

  it('refuses a file that is no photo, in German, and removes a chosen photo on request', async () => {
    mockFetch({
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: { count: 0, next: null, previous: null, results: [] },
      },
    });
    renderWithApp(<ParcelDeskPage />);
    const pdf = new File(['%PDF-1.7 …'], 'etikett.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Foto vom Etikett (optional)'), { target: { files: [pdf] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Datei etikett.jpg ist kein Foto im Format JPEG, PNG oder WebP.',
    );
    fireEvent.change(screen.getByLabelText('Foto vom Etikett (optional)'), { target: { files: [jpeg('a.jpg')] } });
    expect(await screen.findByRole('img', { name: 'Foto vom Etikett' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Foto entfernen' }));
    expect(screen.queryByRole('img', { name: 'Foto vom Etikett' })).not.toBeInTheDocument();
  });

  it('links the label photo of an open parcel for the reception', async () => {
    mockFetch({
      'GET /api/reception/parcels/?status=open&page_size=100': {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [parcel(1, { label_photo: { url: '/api/media/parcels/a.jpg?sid=1', thumbnail: '/t' } }), parcel(2)],
        },
      },
    });
    renderWithApp(<ParcelDeskPage />);
    const link = await screen.findByRole('link', { name: 'Foto vom Etikett: DHL für A-0101' });
    expect(link).toHaveAttribute('href', '/api/media/parcels/a.jpg?sid=1');
    expect(screen.getAllByRole('link', { name: /Etikett/ })).toHaveLength(1);
  });
});

describe('the home card', () => {
  const waiting = (pieces: number[]) =>
    pieces.map((n, i) => ({
      id: i + 1,
      carrier: (['DHL', 'UPS'] as const)[i % 2]!,
      pieces: n,
      status: 'open' as const,
      logged_at: '',
      handed_over_at: null,
    }));

  it('shows the pickup code while parcels wait, and nothing otherwise', () => {
    const open = waiting([2]);
    const { rerender } = renderWithApp(<ParcelCardView data={{ pickup_code: '0815', open, recent: [] }} />);
    expect(screen.getByRole('heading', { name: 'Pakete abholen' })).toBeInTheDocument();
    expect(screen.getByTestId('pickup-code')).toHaveTextContent('0815');
    rerender(<ParcelCardView data={{ pickup_code: null, open: [], recent: [] }} />);
    expect(screen.queryByTestId('parcel-card')).not.toBeInTheDocument();
  });

  it("says '1 Paket' or '2 Pakete', when the reception is open, and links to 'Pakete'", () => {
    const { rerender } = renderWithApp(
      <ParcelCardView
        data={{ pickup_code: '0815', open: waiting([1]), recent: [] }}
        hours={'Mo–Fr 7:00–20:00 Uhr\nSa 9:00–14:00 Uhr'}
        linked
      />,
    );
    expect(screen.getByText('An der Rezeption liegt 1 Paket für Sie.')).toBeInTheDocument();
    expect(screen.getByText('DHL · 1 Paket')).toBeInTheDocument();
    expect(screen.getByText('Öffnungszeiten der Rezeption')).toBeInTheDocument();
    expect(screen.getByText(/Mo–Fr 7:00–20:00 Uhr/)).toHaveTextContent('Sa 9:00–14:00 Uhr');
    expect(screen.getByRole('link', { name: 'Alle Pakete ansehen' })).toHaveAttribute('href', '/pakete');
    // Two entries of 1 and 2 pieces are three parcels to carry home.
    rerender(<ParcelCardView data={{ pickup_code: '0815', open: waiting([1, 2]), recent: [] }} />);
    expect(screen.getByText('An der Rezeption liegen 3 Pakete für Sie.')).toBeInTheDocument();
    expect(screen.getByText('UPS · 2 Pakete')).toBeInTheDocument();
    // Without hours and on 'Pakete' itself: neither the hours nor the link.
    expect(screen.queryByText('Öffnungszeiten der Rezeption')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
