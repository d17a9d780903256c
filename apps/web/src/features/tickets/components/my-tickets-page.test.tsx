import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MyProviderRequest, MyReport, TicketListItem } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { idbReset } from '@/lib/idb';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { keepReport, type PendingReport } from '../outbox';
import { anna, seedResident } from '../test-data';
import TicketsScreens from './tickets-screens';

const page = (results: unknown[]) => ({ body: { count: results.length, next: null, previous: null, results } });

const own: TicketListItem = {
  id: 41,
  number: '2026-000041',
  created_at: '2026-11-20T08:15:00.000Z',
  updated_at: '2026-11-22T12:00:00.000Z',
  status: 'appointment_set',
  category_name: 'Heizung',
  scope: 'apartment',
  place: '',
  relation: 'reporter',
};
const followed: TicketListItem = {
  ...own,
  id: 7,
  number: '2026-000007',
  status: 'in_progress',
  category_name: 'Aufzug',
  scope: 'building',
  place: 'Aufzug Haus A',
  relation: 'follower',
};
const request: MyProviderRequest = {
  id: 3,
  provider_name: 'Sanitär Müller',
  service_title: 'Handwerker',
  text: 'Bitte Termin für die Wartung.',
  status: 'in_progress',
  note: 'Der Installateur kommt am Donnerstag.',
  created_at: '2026-11-18T10:00:00.000Z',
} as MyProviderRequest;
const report: MyReport = {
  id: 5,
  status: 'removed',
  reason: 'beleidigend',
  excerpt: 'Ein böser Kommentar',
  decision_reason: 'Beleidigungen sind untersagt.',
} as MyReport;

const waiting: PendingReport = {
  key: 'offline-key-1234',
  userId: anna.id,
  createdAt: '2026-11-24T19:05:00.000Z',
  fields: {
    category_id: 2,
    scope: 'apartment',
    place: '',
    description: 'Der Abfluss ist verstopft.',
    contact_consent: false,
    contact_phone: '',
  },
  categoryName: 'Wasser & Sanitär',
  photos: [{ name: 'a.jpg', type: 'image/jpeg', data: new ArrayBuffer(4) }],
  state: 'pending',
  error: '',
};

function setup({ tickets = [own, followed], requests = [request], reports = [report] } = {}, path = '/tickets') {
  mockFetch({
    'GET /api/tickets/?page_size=100': page(tickets),
    'GET /api/requests/?page_size=100': page(requests),
    'GET /api/reports/?page_size=100': page(reports),
  });
  renderWithApp(<TicketsScreens />, {
    path,
    pattern: path === '/requests' ? '/requests' : '/tickets/*',
    store: seedResident(makeStore({ persist: false })),
  });
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  idbReset();
  setOnline(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const section = (name: string) => within(screen.getByRole('heading', { name }).closest('section')!);

describe('Meine Meldungen', () => {
  it('lists the reports waiting on the device, own and followed tickets, requests and reported content', async () => {
    await keepReport(waiting);
    await keepReport({
      ...waiting,
      key: 'refused-key-5678',
      state: 'failed',
      error: 'Höchstens 5000 Zeichen erlaubt.',
    });
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Meldungen' })).toBeInTheDocument();

    const pending = within((await screen.findByRole('heading', { name: 'Noch nicht gesendet' })).closest('section')!);
    const [offline, refused] = pending.getAllByRole('listitem');
    expect(offline).toHaveTextContent('Wird gesendet, sobald Sie online sind');
    expect(offline).toHaveTextContent('Wasser & Sanitär');
    expect(offline).toHaveTextContent('1 Foto');
    expect(refused).toHaveTextContent('Nicht gesendet: Höchstens 5000 Zeichen erlaubt.');
    expect(within(refused!).getByRole('button', { name: 'Erneut senden' })).toBeInTheDocument();
    expect(within(refused!).getByRole('button', { name: 'Verwerfen' })).toBeInTheDocument();

    const tickets = section('Schäden');
    await waitFor(() => expect(tickets.getAllByRole('link')).toHaveLength(2));
    const [first, second] = tickets.getAllByRole('link');
    expect(first).toHaveAttribute('href', '/tickets/41');
    expect(first).toHaveTextContent('Termin vereinbart');
    expect(first).toHaveTextContent('2026-000041');
    expect(second).toHaveAttribute('href', '/tickets/7');
    expect(second).toHaveTextContent('Betrifft mich auch');
    expect(second).toHaveTextContent('Im Haus / Gemeinschaftsfläche: Aufzug Haus A');

    const requests = section('Meine Anfragen');
    expect(await requests.findByText('Sanitär Müller')).toBeInTheDocument();
    expect(requests.getByText('In Bearbeitung')).toBeInTheDocument();
    expect(requests.getByText('Notiz der Hausverwaltung: Der Installateur kommt am Donnerstag.')).toBeInTheDocument();

    const reported = section('Gemeldete Inhalte');
    expect(reported.getByText('Entfernt')).toBeInTheDocument();
    expect(reported.getByText('Entscheidung der Hausverwaltung: Beleidigungen sind untersagt.')).toBeInTheDocument();
  });

  it('offers “Schaden melden” when there is nothing yet, and keeps the requests’ own empty text', async () => {
    setup({ tickets: [], requests: [], reports: [] });
    const tickets = section('Schäden');
    expect(await tickets.findByText('Sie haben noch keinen Schaden gemeldet.')).toBeInTheDocument();
    expect(tickets.getByRole('link', { name: 'Schaden melden' })).toHaveAttribute('href', '/tickets/new');
    expect(await screen.findByText('Sie haben noch keine Anfragen gesendet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gemeldete Inhalte' })).not.toBeInTheDocument();
  });

  it('does not claim the list is empty while a report waits on the device', async () => {
    await keepReport(waiting);
    setup({ tickets: [] });
    expect(await screen.findByText('Wird gesendet, sobald Sie online sind')).toBeInTheDocument();
    // The list has arrived (empty) once its spinner is gone.
    await waitFor(() => expect(section('Schäden').queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText('Sie haben noch keinen Schaden gemeldet.')).not.toBeInTheDocument();
  });

  it('is the page /requests shows, so old links to “Meine Anfragen” keep working', async () => {
    setup({}, '/requests');
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Meldungen' })).toBeInTheDocument();
    expect(await section('Meine Anfragen').findByText('Sanitär Müller')).toBeInTheDocument();
  });
});
