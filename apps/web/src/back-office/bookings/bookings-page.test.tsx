import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import BookingsPage from './bookings-page';

const pending = {
  id: 7,
  resource_id: 1,
  resource_name: 'Gästewohnung',
  mode: 'days',
  starts_at: '2030-06-12T22:00:00.000Z',
  ends_at: '2030-06-14T22:00:00.000Z',
  check_in: '2030-06-13',
  check_out: '2030-06-15',
  status: 'pending',
  status_label: 'Wartet auf Freigabe',
  decision_reason: '',
  note: 'Besuch der Eltern',
  cancellable_until: '2030-06-11T22:00:00.000Z',
  can_cancel: true,
  created_at: '2030-06-01T10:00:00.000Z',
  user_id: 3,
  resident_name: 'Anna Achter',
  apartment_number: 'A-0101',
  location_id: 1,
};

afterEach(() => vi.restoreAllMocks());

describe('back office: Buchungen', () => {
  it('shows who waits for approval, with name and apartment, and approves with one click', async () => {
    let approved = false;
    const calls = mockFetch({
      'GET /api/admin/bookings/?page_size=100&status=pending': () => ({ body: page(approved ? [] : [pending]) }),
      'POST /api/admin/bookings/7/approve/': () => {
        approved = true;
        return { body: { ...pending, status: 'approved', status_label: 'Gebucht' } };
      },
    });
    // The week list answers whatever day today is.
    const week = (call: Call) => call.url.includes('&days=7');
    mockFetchFallback(calls, week);
    renderAdmin(<BookingsPage />);
    const waiting = within(screen.getByRole('heading', { name: 'Warten auf Freigabe' }).closest('section')!);
    expect(await waiting.findByText('Anna Achter, Wohnung A-0101 · Besuch der Eltern')).toBeInTheDocument();
    expect(waiting.getByText('Donnerstag, 13.06.2030 – Samstag, 15.06.2030')).toBeInTheDocument();
    await userEvent.click(waiting.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Gästewohnung: Gebucht.')).toBeInTheDocument();
    await waitFor(() => expect(waiting.getByText('Keine Buchung wartet auf Freigabe.')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/bookings/7/approve/')).toBe(true);
  });
});

/** Answers the week's list (its date is today's) with an empty page. */
function mockFetchFallback(_calls: Call[], match: (c: Call) => boolean) {
  const inner = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) =>
      match({ url: input, method: init.method ?? 'GET', headers: {}, body: undefined })
        ? new Response(JSON.stringify(page([])), { status: 200 })
        : inner(input, init),
    ),
  );
}
