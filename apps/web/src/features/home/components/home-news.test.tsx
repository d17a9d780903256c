import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HomeSummary, Location, Notice, Profile } from '@hausportal/contract';
import { TICKET_STATUS_LABELS } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchLocation } from '@/entities/location/slice';
import { fetchServices } from '@/entities/services/slice';
import { fetchProfile } from '@/entities/user/slice';
import { homeNewsDe } from '@/i18n/home-news';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { fetchHome } from '../slice';
import HomePage from './home-page';

// What is new for the resident: 'Wichtig' notices under the emergency button until put away,
// and below 'Schaden melden' open reports with their status and documents not opened yet.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const profile = { id: 1, name: 'Anna', emergency_services_deactivated: false } as Profile;
const location = {
  id: 1,
  title: 'Residenz am Stadtpark',
  direct_call: false,
  direct_number: '',
  default_service_id: 18,
  default_service_name: 'Notdienst',
  default_service_always: true,
} as Location;
const water: Notice = {
  id: 7,
  title: 'Wasser abgestellt',
  text: 'Am Dienstag von 9 bis 12 Uhr.\nBitte Wasser vorrätig halten.',
  important: true,
  created_at: '2026-11-20T08:00:00.000Z',
  starts_at: null,
  ends_at: '2026-11-27T22:59:00.000Z',
  attachments: [{ id: 3, name: 'Plan.pdf', size: 1000, document: '/api/media/notices/p.pdf?sig=1' }],
  opened: true,
  dismissed: false,
};
const summary: HomeSummary = {
  notices: [water],
  tickets: {
    count: 4,
    latest: [
      {
        id: 5,
        number: '2026-000005',
        created_at: '2026-11-20T08:00:00.000Z',
        updated_at: '2026-11-21T08:00:00.000Z',
        status: 'in_progress',
        category_name: 'Heizung',
        scope: 'apartment',
        place: '',
        relation: 'reporter',
      },
    ],
  },
  documents: {
    count: 1,
    latest: [
      {
        id: 9,
        title: 'Nebenkostenabrechnung 2025',
        icon: '',
        document: '/api/media/documents/n.pdf?sig=1',
        created_at: '2026-11-02T09:00:00.000Z',
        is_new: true,
      },
    ],
  },
};

function seededStore() {
  const store = makeStore({ persist: false });
  store.dispatch(fetchProfile.fulfilled(profile, 'seed'));
  store.dispatch(fetchLocation.fulfilled(location, 'seed'));
  store.dispatch(fetchServices.fulfilled([{ id: 18, title: 'Notdienst', icon: '', contact_text: '' }], 'seed'));
  return store;
}

describe('the home screen news', () => {
  it('copies the ticket statuses of the contract', () => {
    expect(homeNewsDe.homeNews.statuses).toEqual(TICKET_STATUS_LABELS);
  });

  it("shows a 'Wichtig' notice at the top, then the open reports and the new documents, above the tiles", () => {
    setOnline(false);
    const store = seededStore();
    store.dispatch(fetchHome.fulfilled(summary, 'seed'));
    renderWithApp(<HomePage />, { store });

    const notices = screen.getByRole('region', { name: 'Wichtige Aushänge' });
    const notice = within(notices).getByRole('region', { name: 'Wasser abgestellt' });
    expect(notice).toHaveTextContent('Wichtig');
    expect(notice).toHaveTextContent('bis 27.11.2026');
    expect(notice).toHaveTextContent('Bitte Wasser vorrätig halten.');
    expect(within(notice).getByRole('link', { name: /Plan\.pdf \(PDF\)/ })).toHaveAttribute(
      'href',
      '/api/media/notices/p.pdf?sig=1',
    );

    const tickets = screen.getByRole('region', { name: 'Meine Meldungen' });
    expect(tickets).toHaveTextContent('4 offene Meldungen');
    const ticket = within(tickets).getByRole('link', { name: /Heizung/ });
    expect(ticket).toHaveAttribute('href', '/tickets/5');
    expect(ticket).toHaveTextContent('Meldung 2026-000005');
    expect(ticket).toHaveTextContent('In Bearbeitung');
    // 'Meine Meldungen' once on the screen: the card's heading leads to the list.
    expect(screen.getAllByRole('link', { name: 'Meine Meldungen' })).toEqual([
      within(tickets).getByRole('link', { name: 'Meine Meldungen' }),
    ]);
    expect(within(tickets).getByRole('link', { name: 'Meine Meldungen' })).toHaveAttribute('href', '/tickets');

    const documents = screen.getByRole('region', { name: 'Neue Dokumente' });
    expect(documents).toHaveTextContent('1 neues Dokument');
    const doc = within(documents).getByRole('link', { name: /Nebenkostenabrechnung 2025/ });
    expect(doc).toHaveTextContent('vom 02.11.2026');
    expect(doc).toHaveTextContent('Neu');

    // Order on the page: emergency, notice, 'Schaden melden', cards, tiles.
    const order = [
      screen.getByRole('link', { name: /^Notruf: Notdienst/ }),
      notice,
      screen.getByRole('link', { name: /^Schaden melden/ }),
      tickets,
      documents,
      screen.getByRole('link', { name: 'Wichtige Telefonnummern' }),
    ];
    for (let i = 1; i < order.length; i++)
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves out the cards that have nothing new', () => {
    setOnline(false);
    const store = seededStore();
    store.dispatch(
      fetchHome.fulfilled(
        { notices: [], tickets: { count: 0, latest: [] }, documents: { count: 0, latest: [] } },
        'seed',
      ),
    );
    renderWithApp(<HomePage />, { store });
    expect(screen.queryByRole('region', { name: 'Wichtige Aushänge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Meine Meldungen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Neue Dokumente' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Wohnung' })).toBeInTheDocument();
  });

  it('puts a notice away for good with one tap, and brings it back with a message when the server refuses', async () => {
    setOnline(true);
    let answer = 200;
    const calls = mockFetch({
      'GET /api/home/': { body: summary },
      'POST /api/notices/7/dismissed/': () => ({ status: answer, body: { ...water, dismissed: true } }),
    });
    const store = seededStore();
    renderWithApp(<HomePage />, { store });
    const user = userEvent.setup();

    answer = 500;
    await user.click(await screen.findByRole('button', { name: 'Aushang „Wasser abgestellt“ ausblenden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Aushang konnte nicht ausgeblendet werden.');
    expect(await screen.findByRole('region', { name: 'Wasser abgestellt' })).toBeInTheDocument();

    answer = 200;
    await user.click(await screen.findByRole('button', { name: 'Aushang „Wasser abgestellt“ ausblenden' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wasser abgestellt' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url === '/api/notices/7/dismissed/' && c.method === 'POST')).toHaveLength(2);
  });

  it('shows the tiles only together with the news, so nothing moves when the news arrives', async () => {
    setOnline(true);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/home/') {
          await held;
          return new Response(JSON.stringify(summary), { status: 200 });
        }
        return new Response('{"detail":"Nicht gefunden."}', { status: 404 });
      }),
    );
    renderWithApp(<HomePage />, { store: seededStore() });
    // The emergency button is there at once; what comes after the notices waits for them.
    expect(screen.getByRole('link', { name: /^Notruf: Notdienst/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Neuigkeiten werden geladen');
    expect(screen.queryByRole('link', { name: /^Schaden melden/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wichtige Telefonnummern' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('region', { name: 'Wasser abgestellt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Schaden melden/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wichtige Telefonnummern' })).toBeInTheDocument();
  });

  it("offline, shows the stored news with its 'Stand'", () => {
    setOnline(false);
    localStorage.setItem('loadedAt:home', '2026-11-24T17:39:00.000Z');
    const store = seededStore();
    store.dispatch(fetchHome.fulfilled(summary, 'seed'));
    renderWithApp(<HomePage />, { store });
    expect(screen.getByText('Stand: 24.11.2026, 18:39')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Wasser abgestellt' })).toBeInTheDocument();
  });

  it('says so when the news could not be loaded, shows the tiles anyway and loads again on request', async () => {
    setOnline(true);
    let fail = true;
    mockFetch({
      'GET /api/home/': () => (fail ? { status: 500, body: { detail: 'Fehler' } } : { body: summary }),
    });
    renderWithApp(<HomePage />, { store: seededStore() });
    expect(await screen.findByText(/Die Neuigkeiten konnten nicht geladen werden/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wichtige Telefonnummern' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('region', { name: 'Wasser abgestellt' })).toBeInTheDocument();
  });
});
