import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import ParcelsPage from './parcels-page';

const parcel = (id: number, extra = {}) => ({
  id,
  location_id: 1,
  apartment_number: `A-010${id}`,
  carrier: 'DHL',
  pieces: 2,
  storage_place: 'Regal A',
  note: '',
  status: 'open',
  logged_by: 'Rita Rezeption',
  logged_at: '2026-11-10T09:00:00Z',
  handed_over_by: null,
  handed_over_at: null,
  handover_note: '',
  tracking_number: '',
  label_photo: null,
  ...extra,
});

describe('back office: Pakete', () => {
  it('lists the parcel history with tracking numbers, switches to the ones waiting longer than 7 days, and counts only days with parcels', async () => {
    const daily = (call: Call) =>
      call.url.startsWith('/api/admin/parcels/daily/')
        ? {
            body: [
              { date: '2026-11-23', logged: 0, handed_over: 0 },
              { date: '2026-11-24', logged: 3, handed_over: 1 },
              { date: '2026-11-25', logged: 0, handed_over: 2 },
              { date: '2026-11-26', logged: 0, handed_over: 0 },
            ],
          }
        : undefined;
    const calls = mockFetch({
      'GET /api/admin/parcels/?page=1&page_size=25': {
        body: page([
          parcel(1, {
            label_photo: { url: '/api/media/parcels/etikett.jpg?sid=3', thumbnail: '/t' },
            tracking_number: 'JJD00012345678',
          }),
          parcel(2, {
            status: 'handed_over',
            handed_over_at: '2026-11-11T10:00:00Z',
            handed_over_by: 'Rita Rezeption',
            handover_note: 'an Nachbarin A-0102 übergeben',
          }),
        ]),
      },
      'GET /api/admin/parcels/?page=1&page_size=25&waiting_days=7': { body: page([parcel(1)]) },
    });
    // The daily counts' URL carries today's Berlin dates: answered by prefix.
    const fetchMock = globalThis.fetch as unknown as {
      getMockImplementation(): (u: string, i?: RequestInit) => Promise<Response>;
    };
    const routed = fetchMock.getMockImplementation();
    (globalThis.fetch as unknown as { mockImplementation(f: unknown): void }).mockImplementation(
      async (url: string, init?: RequestInit) => {
        const hit = daily({ url, method: 'GET', headers: {}, body: undefined });
        if (hit) {
          calls.push({ url, method: 'GET', headers: {}, body: undefined });
          return new Response(JSON.stringify(hit.body), { status: 200 });
        }
        return routed(url, init);
      },
    );
    const user = userEvent.setup();
    renderAdmin(<ParcelsPage />, { path: '/admin/pakete', pattern: '/admin/pakete' });
    const table = await screen.findByRole('table', { name: 'Pakete an der Rezeption' });
    expect(within(table).getAllByText('an Nachbarin A-0102 übergeben').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Offen').length).toBeGreaterThan(0);
    expect(within(table).getByText('Sendungsnummer JJD00012345678')).toBeInTheDocument();
    // The label photo of parcel 1 is a link; parcel 2 has none.
    const labels = within(table).getAllByRole('link', { name: 'Foto vom Etikett' });
    expect(new Set(labels.map((a) => a.getAttribute('href')))).toEqual(
      new Set(['/api/media/parcels/etikett.jpg?sid=3']),
    );
    expect(within(within(table).getAllByRole('row')[2]!).queryByRole('link', { name: 'Foto vom Etikett' })).toBeNull();
    const counts = (await screen.findByRole('heading', { name: 'Pakete pro Tag (letzte 14 Tage)' })).closest(
      'section',
    )!;
    // The totals in one line, and only the days that had parcels.
    expect(counts).toHaveTextContent('3 erfasst, 3 übergeben, an 2 Tagen von 14.');
    const days = within(within(counts).getByRole('table')).getAllByRole('row').slice(1);
    expect(days.map((row) => row.textContent)).toEqual(['24.11.202631', '25.11.202602']);
    expect(
      calls.some((c) => /^\/api\/admin\/parcels\/daily\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/.test(c.url)),
    ).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Anzeigen' }), 'Länger als 7 Tage');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/admin/parcels/?page=1&page_size=25&waiting_days=7'),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Pakete an der Rezeption' })).getAllByRole('row')).toHaveLength(
        2,
      ),
    );
  });
});
