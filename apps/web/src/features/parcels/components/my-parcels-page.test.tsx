import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ParcelSummary } from '@hausportal/contract';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import MyParcelsPage from './my-parcels-page';

const waiting: ParcelSummary = {
  pickup_code: '0815',
  open: [{ id: 1, carrier: 'DHL', pieces: 2, status: 'open', logged_at: '2026-12-01T08:00:00Z', handed_over_at: null }],
  recent: [],
};

afterEach(() => vi.restoreAllMocks());

describe('Pakete', () => {
  it('shows the pickup code from the server and keeps it for offline', async () => {
    setOnline(true);
    mockFetch({ 'GET /api/parcels/': { body: waiting } });
    renderWithApp(<MyParcelsPage />, { path: '/pakete' });
    expect(await screen.findByTestId('pickup-code')).toHaveTextContent('0815');
    expect(JSON.parse(localStorage.getItem('parcels:mine')!)).toEqual(waiting);
  });

  it('shows the stored code offline with the time it was loaded', () => {
    setOnline(false);
    localStorage.setItem('parcels:mine', JSON.stringify(waiting));
    localStorage.setItem('loadedAt:parcels:mine', '2026-12-01T17:39:00.000Z');
    renderWithApp(<MyParcelsPage />, { path: '/pakete' });
    expect(screen.getByTestId('pickup-code')).toHaveTextContent('0815');
    expect(screen.getByText(/^Stand: /)).toBeInTheDocument();
  });

  it("lists the parcels picked up as 'Abgeholt am …', date first, in Berlin time", async () => {
    setOnline(true);
    mockFetch({
      'GET /api/parcels/': {
        body: {
          pickup_code: null,
          open: [],
          recent: [
            {
              id: 3,
              carrier: 'Hermes',
              pieces: 2,
              status: 'handed_over',
              logged_at: '2026-12-05T08:00:00Z',
              handed_over_at: '2026-12-07T15:48:00Z',
            },
          ],
        },
      },
    });
    renderWithApp(<MyParcelsPage />, { path: '/pakete' });
    const history = await screen.findByRole('region', { name: 'Zuletzt abgeholt' });
    expect(history).toHaveTextContent('Hermes · 2 Pakete');
    expect(history).toHaveTextContent('Abgeholt am 07.12.2026, 16:48');
  });

  it('says it could not load offline with nothing stored, instead of loading for ever', () => {
    setOnline(false);
    renderWithApp(<MyParcelsPage />, { path: '/pakete' });
    expect(screen.getByRole('heading', { name: 'Noch nicht geladen' })).toBeInTheDocument();
    expect(screen.queryByText('Pakete werden geladen …')).not.toBeInTheDocument();
  });
});
