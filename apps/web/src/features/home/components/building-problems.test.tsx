import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuildingTicket, HomeSummary, Location, Profile } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchLocation } from '@/entities/location/slice';
import { fetchProfile } from '@/entities/user/slice';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import HomePage from './home-page';

// 'Aktuelle Störungen im Haus': a neighbour sees the lift is known without starting a report.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const lift: BuildingTicket = {
  id: 12,
  number: '2026-000012',
  created_at: '2026-11-20T08:00:00.000Z',
  status: 'in_progress',
  category: { id: 4, name: 'Aufzug', emergency: false },
  place: 'Haus A, Aufzug links',
  description: 'Steckt im 3. Stock.',
  affected_count: 3,
  affected: false,
};
const home: HomeSummary = {
  notices: [],
  tickets: { count: 0, latest: [] },
  documents: { count: 0, latest: [] },
};

describe('open building-wide problems on the home screen', () => {
  it("lists them with status and count above 'Schaden melden', and 'Betrifft mich auch' joins one", async () => {
    setOnline(true);
    const calls = mockFetch({
      'GET /api/home/': { body: home },
      'GET /api/tickets/building/?page_size=100': {
        body: { count: 1, next: null, previous: null, results: [lift] },
      },
      'POST /api/tickets/12/affected/': { body: { id: 12, affected_count: 4, affected: true } },
    });
    const store = makeStore({ persist: false });
    store.dispatch(fetchProfile.fulfilled({ id: 1, emergency_services_deactivated: false } as Profile, 'seed'));
    store.dispatch(fetchLocation.fulfilled({ id: 1, title: 'Residenz', default_service_id: 3 } as Location, 'seed'));
    renderWithApp(<HomePage />, { store });

    const card = await screen.findByRole('region', { name: 'Aktuelle Störungen im Haus' });
    expect(card).toHaveTextContent('Aufzug · Haus A, Aufzug links');
    expect(card).toHaveTextContent('Meldung 2026-000012 · Betroffen: 3');
    expect(card).toHaveTextContent('In Bearbeitung');
    const report = screen.getByRole('link', { name: /^Schaden melden/ });
    expect(card.compareDocumentPosition(report) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Betrifft mich auch' }));
    const joined = await within(card).findByRole('link', { name: /Sie sind dabei/ });
    expect(joined).toHaveAttribute('href', '/tickets/12');
    expect(card).toHaveTextContent('Betroffen: 4');
    expect(calls.filter((c) => c.url === '/api/tickets/12/affected/' && c.method === 'POST')).toHaveLength(1);
  });

  it('shows nothing while the house has no open problem', async () => {
    setOnline(true);
    mockFetch({
      'GET /api/home/': { body: home },
      'GET /api/tickets/building/?page_size=100': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    const store = makeStore({ persist: false });
    store.dispatch(fetchProfile.fulfilled({ id: 1, emergency_services_deactivated: false } as Profile, 'seed'));
    renderWithApp(<HomePage />, { store });
    expect(await screen.findByRole('link', { name: /^Schaden melden/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Aktuelle Störungen im Haus' })).not.toBeInTheDocument();
  });
});
