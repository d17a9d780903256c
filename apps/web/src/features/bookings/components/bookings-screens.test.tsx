import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Availability, Booking, BookingResource } from '@hausportal/contract';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { berlinDay } from '../berlin';
import BookingsScreens from './bookings-screens';

const page = (results: unknown[]) => ({ body: { count: results.length, next: null, previous: null, results } });
const today = berlinDay();

const laundry: BookingResource = {
  id: 2,
  location_id: 1,
  name: 'Waschküche',
  description: 'Zwei Maschinen im Keller',
  house_rules: 'Flusensieb leeren.',
  mode: 'slots',
  slot_minutes: 120,
  day_start: '07:00',
  day_end: '22:00',
  horizon_days: 14,
  max_length: 2,
  quota_count: null,
  quota_period: 'week',
  cancel_hours: 24,
  approval_required: false,
  fee_text: '',
  price_per_night_cents: null,
  photo: null,
  house_rules_pdf: null,
  blocks: [],
};
const taken = { starts_at: '2030-06-13T08:00:00.000Z', ends_at: '2030-06-13T10:00:00.000Z', state: 'taken' as const };
const free = { starts_at: '2030-06-13T10:00:00.000Z', ends_at: '2030-06-13T12:00:00.000Z', state: 'free' as const };
const availability: Availability = {
  resource_id: 2,
  mode: 'slots',
  days: [{ date: '2030-06-13', slots: [taken, free] }],
};
const booking: Booking = {
  id: 9,
  resource_id: 2,
  resource_name: 'Waschküche',
  mode: 'slots',
  starts_at: free.starts_at,
  ends_at: free.ends_at,
  check_in: null,
  check_out: null,
  status: 'approved',
  status_label: 'Gebucht',
  decision_reason: '',
  note: '',
  cancellable_until: '2030-03-27T10:00:00.000Z',
  can_cancel: true,
  created_at: '2030-03-20T10:00:00.000Z',
};

beforeEach(() => setOnline(true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Buchen', () => {
  it('shows taken slots without a name, books a free one with a large button and confirms it, and shows the German clash', async () => {
    let answer: { status: number; body: unknown } = { status: 201, body: booking };
    const calls = mockFetch({
      'GET /api/bookings/resources/2/': { body: laundry },
      [`GET /api/bookings/resources/2/availability/?from=${today}&days=7`]: { body: availability },
      'POST /api/bookings/': () => answer,
      'GET /api/bookings/mine/9/': { body: booking },
    });
    renderWithApp(<BookingsScreens />, { path: '/buchen/2', pattern: '/buchen/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Waschküche' })).toBeInTheDocument();
    const takenButton = await screen.findByRole('button', { name: /10:00–12:00\s*belegt/ });
    expect(takenButton).toBeDisabled();
    const freeButton = screen.getByRole('button', { name: /12:00–14:00\s*frei/ });
    const book = screen.getByRole('button', { name: 'Verbindlich buchen' });
    expect(book).toBeDisabled();
    fireEvent.click(freeButton);
    expect(freeButton).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Gewählt: Do., 13.06.2030, 12:00–14:00')).toBeInTheDocument();
    answer = { status: 409, body: { detail: 'Dieser Zeitraum ist bereits gebucht: Do., 13.06.2030, 12:00–14:00.' } };
    fireEvent.click(book);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Zeitraum ist bereits gebucht: Do., 13.06.2030, 12:00–14:00.',
    );

    answer = { status: 201, body: booking };
    fireEvent.click(screen.getByRole('button', { name: /12:00–14:00\s*frei/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Verbindlich buchen' }));
    // The confirmation: what, when, the state as a pill, the calendar file and the way on.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Buchung' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Gebucht: Waschküche.');
    expect(screen.getByText('Do., 13.06.2030, 12:00–14:00')).toBeInTheDocument();
    expect(screen.getByText('Gebucht', { selector: '.tag' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zum Kalender hinzufügen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Buchungen' })).toHaveAttribute('href', '/buchen/meine');
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      resource_id: 2,
      starts_at: free.starts_at,
      ends_at: free.ends_at,
      note: '',
    });
  });

  it("opens a slot resource on the day with the week's days above it, and shows the whole week as a compact grid", async () => {
    const week: Availability = {
      resource_id: 2,
      mode: 'slots',
      days: Array.from({ length: 7 }, (_, i) => {
        const date = `2030-06-${String(10 + i).padStart(2, '0')}`;
        return {
          date,
          slots: [
            { starts_at: `${date}T05:00:00.000Z`, ends_at: `${date}T07:00:00.000Z`, state: i === 2 ? 'free' : 'taken' },
            { starts_at: `${date}T07:00:00.000Z`, ends_at: `${date}T09:00:00.000Z`, state: i === 3 ? 'taken' : 'free' },
          ],
        };
      }),
    };
    mockFetch({
      'GET /api/bookings/resources/2/': { body: laundry },
      [`GET /api/bookings/resources/2/availability/?from=${today}&days=7`]: { body: week },
    });
    renderWithApp(<BookingsScreens />, { path: '/buchen/2', pattern: '/buchen/*' });
    // The day view is the default: the week's days to pick from, the first day's slots below.
    const dayView = await screen.findByRole('button', { name: 'Tag' });
    expect(dayView).toHaveAttribute('aria-pressed', 'true');
    const days = within(await screen.findByRole('list', { name: 'Tag wählen' })).getAllByRole('button');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName('Mo 10, Montag, 10. Juni 2030, 1 frei');
    expect(days[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Mo., 10.06.2030' })).toBeInTheDocument();
    fireEvent.click(days[2]!);
    expect(screen.getByRole('heading', { level: 2, name: 'Mi., 12.06.2030' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /07:00–09:00\s*frei/ })).toBeEnabled();
    // Earlier and later move by a week; they are arrow buttons named in words.
    expect(screen.getByRole('button', { name: 'Früher' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Später' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Woche' }));
    const grid = screen.getByRole('group', { name: 'Woche vom Mo., 10.06.2030 bis So., 16.06.2030' });
    const cells = within(grid).getAllByRole('button');
    expect(cells).toHaveLength(14);
    const cell = within(grid).getByRole('button', { name: 'Do., 13.06.2030, 09:00–11:00, belegt' });
    expect(cell).toBeDisabled();
    expect(cell).toHaveTextContent('×');
    const pick = within(grid).getByRole('button', { name: 'Mi., 12.06.2030, 09:00–11:00, frei' });
    fireEvent.click(pick);
    expect(pick).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Gewählt: Mi., 12.06.2030, 09:00–11:00')).toBeInTheDocument();
  });

  it('shows the resource photo with its alt text and the house rules as a PDF link with its size', async () => {
    const partyRoom: BookingResource = {
      ...laundry,
      id: 3,
      name: 'Partyraum',
      photo: {
        url: '/api/media/bookings/abcdefghijklmnopqrstuvwx.jpg?exp=1&sig=x',
        thumbnail: '/api/media/thumbs/abcdefghijklmnopqrstuvwx.webp?exp=1&sig=y',
        width: 2048,
        height: 1365,
      },
      house_rules_pdf: {
        url: '/api/media/bookings/zyxwvutsrqponmlkjihgfedc.pdf?exp=1&sig=z',
        name: 'Hausordnung.pdf',
        size: 245_760,
      },
    };
    mockFetch({
      'GET /api/bookings/resources/3/': { body: partyRoom },
      [`GET /api/bookings/resources/3/availability/?from=${today}&days=7`]: { body: availability },
    });
    renderWithApp(<BookingsScreens />, { path: '/buchen/3', pattern: '/buchen/*' });
    const photo = await screen.findByRole('img', { name: 'Foto: Partyraum' });
    expect(photo).toHaveAttribute('src', partyRoom.photo!.url);
    // Width and height reserve the photo's space before it loads, so the week below does not jump.
    expect(photo).toHaveAttribute('width', '2048');
    expect(photo).toHaveAttribute('height', '1365');
    const pdf = screen.getByRole('link', { name: 'Hausordnung (PDF, 246 kB)' });
    expect(pdf).toHaveAttribute('href', partyRoom.house_rules_pdf!.url);
    expect(pdf).toHaveAttribute('target', '_blank');
    // The text of the house rules stays beside it.
    expect(screen.getByText('Flusensieb leeren.')).toBeInTheDocument();
  });

  it('shows a small photo on the list card only for resources that have one', async () => {
    const withPhoto: BookingResource = {
      ...laundry,
      id: 3,
      name: 'Partyraum',
      photo: { url: '/api/media/bookings/a.jpg', thumbnail: '/api/media/thumbs/a.webp', width: 800, height: 600 },
    };
    mockFetch({ 'GET /api/bookings/resources/?page_size=100': page([withPhoto, laundry]) });
    const { container } = renderWithApp(<BookingsScreens />, { path: '/buchen', pattern: '/buchen/*' });
    const party = await screen.findByRole('link', { name: /Partyraum/ });
    expect(party.querySelector('img')).toHaveAttribute('src', '/api/media/thumbs/a.webp');
    expect(screen.getByRole('link', { name: /Waschküche/ }).querySelector('img')).toBeNull();
    expect(container.querySelectorAll('img[alt=""]')).toHaveLength(1);
  });

  it('offers no PDF link and no photo for a resource without them', async () => {
    mockFetch({
      'GET /api/bookings/resources/2/': { body: laundry },
      [`GET /api/bookings/resources/2/availability/?from=${today}&days=7`]: { body: availability },
    });
    renderWithApp(<BookingsScreens />, { path: '/buchen/2', pattern: '/buchen/*' });
    expect(await screen.findByText('Flusensieb leeren.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('lists Meine Buchungen, cancels after asking, and creates the calendar subscription address', async () => {
    let cancelled = false;
    const calls = mockFetch({
      'GET /api/bookings/?page_size=100': () =>
        page([cancelled ? { ...booking, status: 'cancelled', status_label: 'Storniert', can_cancel: false } : booking]),
      'POST /api/bookings/mine/9/cancel/': () => {
        cancelled = true;
        return { body: { ...booking, status: 'cancelled' } };
      },
      'GET /api/bookings/feed/': { body: { active: false, url: null, created_at: null } },
      'POST /api/bookings/feed/': {
        status: 201,
        body: {
          active: true,
          url: 'https://haus.example/api/bookings/calendar/geheim.ics',
          created_at: '2030-03-20T10:00:00.000Z',
        },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<BookingsScreens />, { path: '/buchen/meine', pattern: '/buchen/*' });
    const card = within(await screen.findByTestId('my-booking'));
    expect(card.getByText('Do., 13.06.2030, 12:00–14:00')).toBeInTheDocument();
    // The state as a pill beside the name, and a back link of 44 px (its class; jsdom has no layout).
    expect(card.getByText('Gebucht')).toHaveClass('tag', 'booking-status', 'tag-approved');
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveClass('booking-back');
    expect(card.getByRole('button', { name: 'Zum Kalender hinzufügen' })).toBeInTheDocument();
    fireEvent.click(card.getByRole('button', { name: 'Stornieren' }));
    expect(await screen.findByText('Die Buchung wurde storniert.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('my-booking')).toHaveTextContent('Storniert'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/bookings/mine/9/cancel/'))).toBe(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Adresse erzeugen' }));
    expect(await screen.findByLabelText('Ihre Abo-Adresse')).toHaveValue(
      'https://haus.example/api/bookings/calendar/geheim.ics',
    );
    expect(screen.getByRole('button', { name: 'Neu erzeugen' })).toBeInTheDocument();
  });
});
