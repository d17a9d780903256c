import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminOverviewLocation } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import OverviewPage from './overview-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const zero = {
  pending_messages: 0,
  pending_comments: 0,
  open_reports: 0,
  new_tickets: 0,
  stale_tickets: 0,
  failed_emails: 0,
  never_signed_in: 0,
  invited: 0,
  notices_ending: 0,
  parcels_waiting: 0,
  pending_bookings: 0,
};
const park: AdminOverviewLocation = {
  ...zero,
  id: 1,
  title: 'Residenz am Stadtpark',
  pending_messages: 2,
  pending_comments: 1,
  open_reports: 1,
  new_tickets: 3,
  stale_tickets: 1,
  failed_emails: 1,
  never_signed_in: 12,
  invited: 4,
  notices_ending: 1,
  parcels_waiting: 2,
  pending_bookings: 2,
};
const see: AdminOverviewLocation = { ...zero, id: 2, title: 'Haus am See' };

// The back office's start page, each line a link to its list.
describe("'Übersicht'", () => {
  it('lists per location what waits, each line linking to the list filtered to it', async () => {
    mockFetch({ 'GET /api/admin/overview/': { body: { locations: [see, park] } } });
    renderAdmin(<OverviewPage />, { path: '/admin/uebersicht' });
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Residenz am Stadtpark' });
    const link = (name: string) => within(card).getByRole('link', { name });
    expect(link('2 Beiträge warten auf Freigabe')).toHaveAttribute('href', '/admin/moderation?location_id=1');
    expect(link('1 Kommentar wartet auf Freigabe')).toHaveAttribute(
      'href',
      '/admin/moderation?location_id=1&tab=comments',
    );
    expect(link('1 gemeldeter Inhalt ist offen')).toHaveAttribute(
      'href',
      '/admin/moderation?location_id=1&tab=reports',
    );
    expect(link('3 neue Meldungen')).toHaveAttribute('href', '/admin/tickets?location_id=1&status=received');
    expect(link('1 Meldung seit 48 Stunden ohne Reaktion')).toHaveAttribute(
      'href',
      '/admin/tickets?location_id=1&stale=true',
    );
    expect(link('1 E-Mail konnte nicht zugestellt werden')).toHaveAttribute(
      'href',
      '/admin/emails?location_id=1&status=failed',
    );
    expect(link('12 Bewohner:innen haben sich nie angemeldet')).toHaveAttribute(
      'href',
      '/admin/residents?location_id=1&status=never',
    );
    expect(link('4 Bewohner:innen sind eingeladen, noch nicht angemeldet')).toHaveAttribute(
      'href',
      '/admin/residents?location_id=1&status=invited',
    );
    expect(link('1 Aushang endet in den nächsten 7 Tagen')).toHaveAttribute('href', '/admin/notices?location_id=1');
    expect(link('2 Buchungen warten auf Freigabe')).toHaveAttribute('href', '/admin/buchungen?location_id=1');
    expect(link('2 Pakete warten länger als 7 Tage')).toHaveAttribute(
      'href',
      '/admin/pakete?location_id=1&view=waiting',
    );
    // A location where nothing waits says so, and lists no zeros.
    const quiet = screen.getByRole('region', { name: 'Haus am See' });
    expect(quiet).toHaveTextContent('Hier wartet nichts auf Sie.');
    expect(within(quiet).queryAllByRole('link')).toHaveLength(0);
  });

  it('asks for the location of the shell’s filter', async () => {
    const calls = mockFetch({ 'GET /api/admin/overview/?location_id=2': { body: { locations: [see] } } });
    renderAdmin(<OverviewPage />, { path: '/admin/uebersicht?location_id=2' });
    expect(await screen.findByRole('region', { name: 'Haus am See' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/admin/overview/?location_id=2');
  });

  it('says so when it could not load, with a retry', async () => {
    mockFetch({ 'GET /api/admin/overview/': { status: 500, body: { detail: 'Serverfehler' } } });
    renderAdmin(<OverviewPage />, { path: '/admin/uebersicht' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Liste konnte nicht geladen werden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});
