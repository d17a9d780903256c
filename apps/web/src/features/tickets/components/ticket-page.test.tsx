import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ticket } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { aTicket, seedResident } from '../test-data';
import TicketsScreens from './tickets-screens';

const DAY = 24 * 60 * 60 * 1000;

function show(ticket: Ticket, routes: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ [`GET /api/tickets/${ticket.id}/`]: { body: ticket }, ...routes });
  renderWithApp(<TicketsScreens />, {
    path: `/tickets/${ticket.id}`,
    pattern: '/tickets/*',
    store: seedResident(makeStore({ persist: false })),
  });
  return calls;
}

const steps = () => within(screen.getByRole('heading', { name: 'Stand der Bearbeitung' }).closest('section')!);

beforeEach(() => setOnline(true));
afterEach(() => vi.restoreAllMocks());

describe('the ticket page', () => {
  it('shows the number, the way of the ticket with the current step, the appointment and the description', async () => {
    show(
      aTicket({
        status: 'appointment_set',
        appointment_at: '2026-11-27T08:30:00.000Z',
        events: [
          { id: 1, kind: 'created', author: 'you', status: 'received', text: '', created_at: '2026-11-20T08:15:00Z' },
          {
            id: 2,
            kind: 'status',
            author: 'management',
            status: 'in_progress',
            text: '',
            created_at: '2026-11-20T10:00:00Z',
          },
          {
            id: 3,
            kind: 'status',
            author: 'management',
            status: 'craftsman_assigned',
            text: '',
            created_at: '2026-11-21T09:00:00Z',
          },
          {
            id: 4,
            kind: 'appointment',
            author: 'craftsman',
            status: null,
            text: '',
            created_at: '2026-11-22T12:00:00Z',
          },
          {
            id: 5,
            kind: 'status',
            author: 'craftsman',
            status: 'appointment_set',
            text: '',
            created_at: '2026-11-22T12:00:00Z',
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000041' })).toBeInTheDocument();
    const items = steps().getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.timeline-label')!.textContent)).toEqual([
      'Eingegangen',
      'In Bearbeitung',
      'Handwerker beauftragt',
      'Termin vereinbart',
      'Erledigt',
    ]);
    expect(items[3]).toHaveAttribute('aria-current', 'step');
    expect(items[3]).toHaveTextContent('Termin vereinbart, aktueller Stand');
    expect(items[1]).toHaveTextContent('In Bearbeitung, erledigt20.11.2026, 11:00');
    expect(items[4]).toHaveTextContent('Erledigt, noch offen');
    // Berlin time, as the app shows every date.
    expect(screen.getAllByText('Termin: 27.11.2026, 09:30').length).toBeGreaterThan(0);
    expect(screen.getByText('Der Heizkörper im Bad tropft.')).toBeInTheDocument();
  });

  it('shows a rejected ticket as received and rejected, with the reason', async () => {
    show(
      aTicket({
        status: 'rejected',
        events: [
          { id: 1, kind: 'created', author: 'you', status: 'received', text: '', created_at: '2026-11-20T08:15:00Z' },
          {
            id: 2,
            kind: 'status',
            author: 'management',
            status: 'rejected',
            text: 'Das ist Sache der Stadtwerke.',
            created_at: '2026-11-20T10:00:00Z',
          },
        ],
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000041' });
    const items = steps().getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Abgelehnt');
    expect(items[1]).toHaveTextContent('Begründung: Das ist Sache der Stadtwerke.');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
  });

  it('names the authors of the thread as residents may know them, never by name, and sends a message', async () => {
    const calls = show(
      aTicket({
        events: [
          { id: 1, kind: 'created', author: 'you', status: 'received', text: '', created_at: '2026-11-20T08:15:00Z' },
          {
            id: 2,
            kind: 'message',
            author: 'resident',
            status: null,
            text: 'Bei uns auch.',
            created_at: '2026-11-20T09:00:00Z',
          },
          {
            id: 3,
            kind: 'message',
            author: 'management',
            status: null,
            text: 'Wir kümmern uns.',
            created_at: '2026-11-20T10:00:00Z',
          },
          {
            id: 4,
            kind: 'craftsman',
            author: 'craftsman',
            status: null,
            text: 'Ventil bestellt.',
            created_at: '2026-11-21T10:00:00Z',
          },
        ],
      }),
      { 'POST /api/tickets/41/messages/': { status: 201, body: {} } },
    );
    const thread = within((await screen.findByRole('heading', { name: 'Verlauf' })).closest('section')!);
    const entries = thread.getAllByRole('listitem');
    expect(entries.map((e) => e.querySelector('strong')!.textContent)).toEqual([
      'Sie',
      'Ein:e Bewohner:in',
      'Hausverwaltung',
      'Handwerker',
    ]);
    expect(entries[0]).toHaveTextContent('Meldung eingegangen');
    expect(entries[3]).toHaveTextContent('Ventil bestellt.');

    fireEvent.click(thread.getByRole('button', { name: 'Nachricht senden' }));
    expect(await thread.findByText('Eingabe ist zwingend')).toBeInTheDocument();
    fireEvent.change(thread.getByLabelText('Nachricht an die Hausverwaltung'), { target: { value: ' Danke! ' } });
    fireEvent.click(thread.getByRole('button', { name: 'Nachricht senden' }));
    expect(await thread.findByText('Ihre Nachricht wurde gesendet.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/tickets/41/messages/',
      body: { text: 'Danke!' },
    });
  });

  it('lets the reporter rate a finished repair with 1 to 5 stars within the 14 days', async () => {
    const calls = show(aTicket({ status: 'done', reopen_until: new Date(Date.now() + 10 * DAY).toISOString() }), {
      'POST /api/tickets/41/rating/': { status: 201, body: {} },
    });
    const group = await screen.findByRole('group', { name: 'Bewertung' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '1 Stern' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(await screen.findByText('Bitte vergeben Sie 1 bis 5 Sterne.')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '1 Stern' })).toHaveFocus();

    fireEvent.click(within(group).getByRole('radio', { name: '4 Sterne' }));
    fireEvent.change(screen.getByLabelText('Ihr Kommentar (optional)'), { target: { value: 'Schnell und sauber.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/tickets/41/rating/',
        body: { stars: 4, text: 'Schnell und sauber.' },
      }),
    );
    expect(await screen.findByText('Danke für Ihre Bewertung.')).toBeInTheDocument();
  });

  it('reopens a finished ticket only with a reason', async () => {
    const calls = show(aTicket({ status: 'done', reopen_until: new Date(Date.now() + DAY).toISOString() }), {
      'POST /api/tickets/41/reopen/': { status: 201, body: {} },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Wieder öffnen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Meldung wieder öffnen' }));
    expect(await screen.findByText('Eingabe ist zwingend')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Was ist noch nicht in Ordnung?'), { target: { value: 'Tropft wieder.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Meldung wieder öffnen' }));
    expect(await screen.findByText('Die Meldung ist wieder offen.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/tickets/41/reopen/',
      body: { text: 'Tropft wieder.' },
    });
  });

  it('offers neither rating nor reopening after the 14 days, nor before the repair is done', async () => {
    show(aTicket({ status: 'done', reopen_until: new Date(Date.now() - DAY).toISOString() }));
    await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000041' });
    expect(screen.queryByRole('button', { name: 'Wieder öffnen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Bewertung' })).not.toBeInTheDocument();
  });

  it('shows a follower the ticket without rating, reopening or receipt, and lets them leave it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = show(
      aTicket({
        relation: 'follower',
        scope: 'building',
        place: 'Aufzug Haus A',
        affected_count: 3,
        status: 'done',
        reopen_until: new Date(Date.now() + DAY).toISOString(),
      }),
      { 'DELETE /api/tickets/41/affected/': { status: 204 } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000041' });
    expect(screen.getByText(/3 Bewohner:innen betroffen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wieder öffnen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Bewertung' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eingangsbestätigung (PDF)' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Betrifft mich nicht mehr' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(confirm).toHaveBeenCalled();
  });

  it("shows the receptionist a report taken at the desk as the resident's, without receipt or leaving", async () => {
    show(aTicket({ relation: 'desk', scope: 'apartment' }));
    await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000041' });
    expect(screen.getByText('In der Wohnung')).toBeInTheDocument();
    expect(screen.queryByText('In meiner Wohnung')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Die Meldung' })).toBeInTheDocument();
    expect(screen.getByText(/am Empfang für eine Bewohnerin oder einen Bewohner aufgenommen/)).toBeInTheDocument();
    expect(screen.queryByText(/dass dieser Schaden Sie auch betrifft/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eingangsbestätigung (PDF)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betrifft mich nicht mehr' })).not.toBeInTheDocument();
  });

  it('links a merged ticket to the one it was merged into', async () => {
    show(aTicket({ merged_into_id: 7 }));
    expect(await screen.findByRole('link', { name: 'Zur zusammengeführten Meldung' })).toHaveAttribute(
      'href',
      '/tickets/7',
    );
  });

  it('fetches the receipt with the token and saves it as a PDF file', async () => {
    localStorage.setItem('token', 'secret-token');
    const calls = show(aTicket(), { 'GET /api/tickets/41/receipt.pdf': { body: '%PDF-1.7' } });
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Eingangsbestätigung (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('Eingangsbestaetigung-2026-000041.pdf');
    expect(clicked[0]!.href).toBe('blob:receipt');
    expect(calls.find((c) => c.url.endsWith('receipt.pdf'))!.headers).toMatchObject({
      Authorization: 'Token secret-token',
    });
  });

  it('says that a ticket does not exist', async () => {
    show(aTicket(), { 'GET /api/tickets/41/': { status: 404, body: { detail: 'Nicht gefunden.' } } });
    expect(await screen.findByText('Diese Meldung wurde nicht gefunden.')).toBeInTheDocument();
  });

  it('shows the copy stored on the device offline, with the time it was loaded', async () => {
    localStorage.setItem('tickets:ticket:41', JSON.stringify(aTicket()));
    localStorage.setItem('loadedAt:tickets:ticket:41', '2026-11-24T17:39:00.000Z');
    setOnline(false);
    const calls = show(aTicket());
    expect(await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000041' })).toBeInTheDocument();
    expect(screen.getByText('Stand: 24.11.2026, 18:39')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
