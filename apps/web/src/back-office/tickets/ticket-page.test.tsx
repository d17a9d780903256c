import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import type { AdminTicket } from '@hausportal/contract';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { listItem, me, provider, ticket } from './test-fixtures';
import TicketsPage from './tickets-page';

const TICKET = 'GET /api/admin/tickets/7/';

/** The ticket as the server holds it; a write changes it as the server would. */
function serve(initial: AdminTicket, routes: Record<string, (call: Call) => Partial<AdminTicket> | void> = {}) {
  let current = initial;
  const calls = mockFetch({
    'GET /api/admin/me/': { body: me },
    [TICKET]: () => ({ body: current }),
    ...Object.fromEntries(
      Object.entries(routes).map(([route, change]) => [
        route,
        (call: Call) => {
          current = { ...current, ...(change(call) ?? {}) };
          return { status: route.startsWith('DELETE') ? 204 : 200, body: current };
        },
      ]),
    ),
  });
  return calls;
}

function open() {
  const user = userEvent.setup();
  renderAdmin(
    <>
      <TicketsPage />
      <ToastContainer />
    </>,
    { path: '/admin/tickets/7', pattern: '/admin/tickets/*' },
  );
  return user;
}

/** jsdom has no network: the photo upload's XMLHttpRequest, recorded and answered. */
class FakeXhr {
  static sent: { url: string; body: FormData }[] = [];
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    setTimeout(() => {
      this.status = 201;
      this.responseText = '{}';
      this.onload?.();
    }, 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('one ticket in the back office', () => {
  it('shows the header, the description, the photos and the receipt hash', async () => {
    serve(ticket({ affected_count: 3, source: 'phone', rating: { stars: 4, text: 'Schnell erledigt.' } }));
    const user = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meldung 2026-000007' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Angaben zur Meldung' });
    expect(facts).toHaveTextContent('Residenz am Stadtpark');
    expect(facts).toHaveTextContent('In der Wohnung: Bad');
    expect(facts).toHaveTextContent('Heizung');
    expect(facts).toHaveTextContent('20.11.2026, 09:15');
    expect(facts).toHaveTextContent('Anna Beispiel, Wohnung 0101');
    expect(facts).toHaveTextContent('3 Betroffene');
    expect(facts).toHaveTextContent('Telefon');
    expect(facts).toHaveTextContent('Einverstanden, Telefon 0170 1234567');
    expect(screen.getByText(/Der Heizkörper im Bad tropft seit gestern./)).toBeInTheDocument();
    expect(screen.getByText('4 von 5 Sternen')).toBeInTheDocument();
    expect(screen.getByText(`a3f1c2${'0'.repeat(58)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Foto 1 groß anzeigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto 1' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/media/p1.jpg');
  });

  it('marks internal notes as such, and sends a note with internal: true', async () => {
    const calls = serve(ticket(), {
      'POST /api/admin/tickets/7/messages/': () => undefined,
    });
    const user = open();
    const timeline = await screen.findByRole('region', { name: 'Verlauf' });
    const note = within(timeline).getByText('Mieterin ist schwierig, vorher anrufen.').closest('li')!;
    expect(note).toHaveTextContent('Interne Notiz – nur für die Verwaltung sichtbar');
    const message = within(timeline).getByText('Wir kümmern uns darum.').closest('li')!;
    expect(message).not.toHaveTextContent('Interne Notiz');
    expect(message).toHaveTextContent('Nachricht an die Bewohner:innen');

    await user.click(screen.getByRole('radio', { name: /^Interne Notiz/ }));
    await user.type(screen.getByRole('textbox', { name: 'Interne Notiz' }), 'Schlüssel liegt beim Hausmeister.');
    await user.click(screen.getByRole('button', { name: 'Notiz speichern' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      text: 'Schlüssel liegt beim Hausmeister.',
      internal: true,
    });
    expect(await screen.findByText('Die interne Notiz wurde gespeichert.')).toBeInTheDocument();
    // The kind stays 'Interne Notiz' for the next one; a message to the residents is chosen on purpose.
    expect(screen.getByRole('radio', { name: /^Interne Notiz/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Nachricht an die Bewohner:innen/ }));
    await user.type(
      screen.getByRole('textbox', { name: 'Nachricht an die Bewohner:innen' }),
      'Der Handwerker kommt morgen.',
    );
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({
      text: 'Der Handwerker kommt morgen.',
      internal: false,
    });
  });

  it("needs a reason for 'Abgelehnt', and sends it as the message to the residents", async () => {
    const calls = serve(ticket(), {
      'POST /api/admin/tickets/7/status/': (call) => ({ status: (call.body as { status: 'rejected' }).status }),
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Status ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Status ändern' });
    expect(within(dialog).getByRole('combobox', { name: 'Neuer Status' })).toHaveDisplayValue('In Bearbeitung');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Neuer Status' }), 'Abgelehnt');
    const reason = within(dialog).getByRole('textbox', { name: 'Begründung der Ablehnung' });
    await user.click(within(dialog).getByRole('button', { name: 'Status speichern' }));
    expect(reason).toHaveAccessibleDescription(/Bitte nennen Sie den Bewohner:innen den Grund der Ablehnung./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(reason, 'Das ist Sache der Mieterin (Kleinreparatur).');
    await user.click(within(dialog).getByRole('button', { name: 'Status speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      status: 'rejected',
      message: 'Das ist Sache der Mieterin (Kleinreparatur).',
    });
    expect(await screen.findByText('Der Status ist jetzt „Abgelehnt“.')).toBeInTheDocument();
  });

  it('changes the status without a message; the message is optional', async () => {
    const calls = serve(ticket(), {
      'POST /api/admin/tickets/7/status/': (call) => ({ status: (call.body as { status: 'in_progress' }).status }),
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Status ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Status ändern' });
    expect(within(dialog).getByRole('textbox', { name: /Nachricht an die Bewohner:innen/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Status speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'in_progress', message: '' });
  });

  it('assigns a provider of the location with a message, then revokes the order after asking', async () => {
    let current = ticket();
    const all = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/providers/?location_id=1&page_size=100': {
        body: page([provider, { ...provider, id: 22, name: 'Elektro Erb', email: '', service_title: 'Elektriker' }]),
      },
      [TICKET]: () => ({ body: current }),
      'POST /api/admin/tickets/7/assignment/': () => {
        current = {
          ...current,
          status: 'craftsman_assigned',
          assignment: {
            id: 3,
            provider_id: 21,
            provider_name: 'Heizung Huber',
            state: 'offered',
            appointment_at: null,
            created_at: '2026-11-21T10:00:00Z',
            active: true,
            readable_until: null,
          },
        };
        return { status: 201, body: current };
      },
      'DELETE /api/admin/tickets/7/assignment/': () => {
        current = { ...current, assignment: { ...current.assignment!, state: 'revoked', active: false } };
        return { status: 204 };
      },
    });
    const user = open();
    const panel = await screen.findByRole('region', { name: 'Handwerker' });
    expect(panel).toHaveTextContent('Noch kein Handwerker beauftragt.');
    await user.click(within(panel).getByRole('button', { name: 'Handwerker beauftragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Handwerker beauftragen' });
    const select = await within(dialog).findByRole('combobox', { name: 'Handwerker / Anbieter' });
    expect(
      within(dialog).getByRole('option', { name: 'Elektro Erb (Elektriker) – keine E-Mail-Adresse hinterlegt' }),
    ).toBeDisabled();
    expect(dialog).toHaveTextContent('Die Meldenden haben eingewilligt');
    await user.click(within(dialog).getByRole('button', { name: 'Auftrag senden' }));
    expect(select).toHaveAccessibleDescription(/Bitte wählen Sie einen Handwerker./);
    await user.selectOptions(select, 'Heizung Huber (Handwerker)');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Nachricht an den Handwerker/ }),
      'Schlüssel beim Hausmeister.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Auftrag senden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(all.find((c) => c.method === 'POST')!.body).toEqual({
      provider_id: 21,
      message: 'Schlüssel beim Hausmeister.',
    });
    expect(await within(panel).findByText('Angefragt, noch keine Antwort')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Wartet auf Annahme durch den Handwerker. Sein Auftragslink ist gültig.');

    await user.click(within(panel).getByRole('button', { name: 'Auftrag zurückziehen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Auftrag zurückziehen' });
    expect(confirm).toHaveTextContent('Der Link von Heizung Huber gilt danach nicht mehr');
    expect(all.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Auftrag zurückziehen' }));
    await waitFor(() => expect(all.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await within(panel).findByText('Zurückgezogen')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Der Auftragslink gilt nicht mehr.');
    expect(within(panel).queryByRole('button', { name: 'Auftrag zurückziehen' })).not.toBeInTheDocument();
    // The button that had the focus is gone; assigning anew takes it.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Handwerker beauftragen' })).toHaveFocus());
  });

  it.each([
    ['offered', true, null, 'Wartet auf Annahme durch den Handwerker. Sein Auftragslink ist gültig.'],
    ['accepted', true, null, 'Der Handwerker hat den Auftrag angenommen und bearbeitet ihn über seinen Auftragslink.'],
    [
      'done',
      true,
      '2099-01-08T10:00:00Z',
      'Als erledigt gemeldet. Der Handwerker kann den Auftrag bis 08.01.2099 noch lesen (etwa für die Rechnung), aber nichts mehr eintragen.',
    ],
    [
      'done',
      false,
      '2099-01-08T10:00:00Z',
      'Der Handwerker kann den Auftrag bis 08.01.2099 noch lesen (etwa für die Rechnung), aber nichts mehr eintragen.',
    ],
    ['done', false, '2026-01-08T10:00:00Z', 'Der Auftragslink gilt nicht mehr.'],
    ['declined', false, null, 'Der Auftragslink gilt nicht mehr.'],
  ] as const)(
    'says what the craftsman’s link allows while the job is %s (link live: %s, readable until %s)',
    async (state, active, until, line) => {
      serve(
        ticket({
          status: 'craftsman_assigned',
          assignment: {
            id: 3,
            provider_id: 21,
            provider_name: 'Heizung Huber',
            state,
            appointment_at: null,
            created_at: '2026-11-21T10:00:00Z',
            active,
            readable_until: until,
          },
        }),
      );
      open();
      const panel = await screen.findByRole('region', { name: 'Handwerker' });
      expect(panel).toHaveTextContent(line);
      if (state !== 'offered') expect(panel).not.toHaveTextContent('Wartet auf Annahme');
    },
  );

  it('merges a duplicate into another ticket of the location only after confirming what carries over', async () => {
    let current = ticket();
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      [TICKET]: () => ({ body: current }),
      'GET /api/admin/tickets/?page=1&page_size=25&location_id=1&search=2026-0000&sort=newest': {
        body: page([listItem(7), listItem(9, { status: 'in_progress', category_name: 'Heizung' })]),
      },
      'POST /api/admin/tickets/7/merge/': () => {
        current = { ...current, status: 'rejected', merged_into: { id: 9, number: '2026-000009' } };
        return { body: current };
      },
    });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Mit anderer Meldung zusammenführen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meldung zusammenführen' });
    const search = within(dialog).getByRole('searchbox', { name: 'Nummer der anderen Meldung' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(search).toHaveAccessibleDescription(/Bitte wählen Sie die Meldung, in die diese eingeht./);
    await user.type(search, '2026-0000');
    const target = await within(dialog).findByRole('radio', { name: /2026-000009/ });
    // The ticket itself is not offered.
    expect(within(dialog).queryByRole('radio', { name: /2026-000007/ })).not.toBeInTheDocument();
    await user.click(target);
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(dialog).toHaveTextContent(
      'Meldung 2026-000007 geht in 2026-000009 auf und wird geschlossen. Die meldende Person und alle Betroffenen von 2026-000007 verfolgen danach 2026-000009',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Zusammenführen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ into_id: 9 });
    expect(await screen.findByRole('link', { name: 'Zu Meldung 2026-000009' })).toHaveAttribute(
      'href',
      '/admin/tickets/9',
    );
    await waitFor(() => expect(screen.getByRole('note')).toHaveFocus());
    // A merged ticket takes no more messages, status changes or orders.
    expect(screen.queryByRole('button', { name: 'Status ändern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nachricht senden' })).not.toBeInTheDocument();
  });

  it('adds a photo as multipart `photo` and loads the ticket again', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let loads = 0;
    mockFetch({
      'GET /api/admin/me/': { body: me },
      [TICKET]: () => {
        loads += 1;
        return { body: ticket() };
      },
    });
    const user = open();
    const input = await screen.findByLabelText('Foto hinzufügen');
    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])], 'leck.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/admin/tickets/7/photos/');
    expect((FakeXhr.sent[0]!.body.get('photo') as File).name).toBe('leck.jpg');
    expect(await screen.findByText('Das Foto wurde hinzugefügt.')).toBeInTheDocument();
    await waitFor(() => expect(loads).toBe(2));
  });

  it('says so when the ticket is not in the caller’s locations', async () => {
    mockFetch({ 'GET /api/admin/me/': { body: me } });
    open();
    expect(
      await screen.findByText('Diese Meldung gibt es nicht oder sie gehört nicht zu Ihren Standorten.'),
    ).toBeInTheDocument();
  });
});
