import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import IntegrationsPages from './integrations-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = (role: 'admin' | 'manager') => ({
  id: 1,
  name: role === 'admin' ? 'Ada Admin' : 'Petra Verwalterin',
  email: 'a@example.org',
  role,
  locations: [
    { id: 1, title: 'Haus Nord', name: 'nord' },
    { id: 2, title: 'Haus Süd', name: 'sued' },
  ],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
});

function apiKey(over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 7,
    name: 'ERP Wodis',
    prefix: 'hp_ab12cd',
    scopes: ['residents:read', 'residents:write'],
    location_ids: [1, 2],
    created_at: '2026-11-20T09:30:00Z',
    created_by: 'Ada Admin',
    expires_at: null,
    revoked_at: null,
    last_used_at: null,
    state: 'active',
    ...over,
  };
}

function endpoint(over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 3,
    api_key_id: 7,
    url: 'https://erp.example.org/hooks',
    description: 'Schadensmeldungen ins ERP',
    events: ['ticket.created', 'ticket.status_changed'],
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    previous_secret_expires_at: null,
    created_at: '2026-11-20T10:00:00Z',
    ...over,
  };
}

function delivery(over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 11,
    endpoint_id: 3,
    message_id: 'msg_2kx9',
    event: 'ticket.created',
    status: 'delivered',
    attempts: 1,
    response_code: 200,
    last_error: null,
    created_at: '2026-11-20T11:00:00Z',
    last_attempt_at: '2026-11-20T11:00:01Z',
    next_attempt_at: null,
    ...over,
  };
}

function Screens() {
  return (
    <>
      <Routes>
        <Route path="/admin/schnittstellen/*" element={<IntegrationsPages />} />
      </Routes>
      <ToastContainer />
    </>
  );
}

async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe("'Schnittstellen': API keys", () => {
  it('explains keys when there is none, with the guide', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': { body: page([]) },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen' });
    expect(await screen.findByRole('heading', { name: 'Noch keine API-Schlüssel.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API-Beschreibung (OpenAPI)' })).toHaveAttribute(
      'href',
      '/api/docs/openapi.json',
    );
    expect(screen.getAllByRole('button', { name: 'Neuer API-Schlüssel' })).toHaveLength(2);
  });

  it('lists each key with prefix, readable scopes, locations, last use, expiry and state', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-20T15:30:00Z'));
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': {
        body: page([
          apiKey({ last_used_at: '2026-11-20T12:30:00Z', expires_at: '2027-03-31T21:59:59Z' }),
          apiKey({
            id: 8,
            name: 'Altes Skript',
            prefix: 'hp_zz99',
            state: 'revoked',
            revoked_at: '2026-11-01T08:00:00Z',
          }),
          apiKey({ id: 9, name: 'Testzugang', prefix: 'hp_tt11', state: 'expired', location_ids: [2] }),
        ]),
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen' });
    const list = await screen.findByRole('list', { name: 'API-Schlüssel' });
    const erp = within(list).getByRole('heading', { name: 'ERP Wodis' }).closest('li')!;
    expect(within(erp).getByText('Aktiv')).toBeInTheDocument();
    expect(within(erp).getByText('hp_ab12cd…')).toBeInTheDocument();
    expect(within(erp).getByText('Bewohner lesen')).toBeInTheDocument();
    expect(within(erp).getByText('Bewohner anlegen und ändern (Abgleich)')).toBeInTheDocument();
    expect(within(erp).getByText('Haus Nord, Haus Süd')).toBeInTheDocument();
    const used = within(erp).getByText('vor 3 Std.');
    expect(used).toHaveAttribute('title', '20.11.2026, 13:30');
    expect(within(erp).getByText('31.03.2027')).toBeInTheDocument();
    expect(within(erp).getByRole('button', { name: 'Widerrufen: ERP Wodis' })).toBeInTheDocument();

    const old = within(list).getByRole('heading', { name: 'Altes Skript' }).closest('li')!;
    expect(within(old).getAllByText(/Widerrufen/)[0]).toBeInTheDocument();
    expect(within(old).getByText('Noch nie')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /^Widerrufen/ })).toBeNull();
    const test = within(list).getByRole('heading', { name: 'Testzugang' }).closest('li')!;
    expect(within(test).getByText('Abgelaufen')).toBeInTheDocument();
    expect(within(test).getByText('Haus Süd')).toBeInTheDocument();
    expect(screen.getByText('3 API-Schlüssel')).toBeInTheDocument();
  });

  it('creates a key and shows it once with a copy button; after closing it is gone', async () => {
    let keys: ApiKey[] = [];
    const calls = mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': () => ({ body: page(keys) }),
      'POST /api/admin/integration/keys/': (call) => {
        const body = call.body as { name: string; scopes: ApiKey['scopes']; location_ids: number[] };
        const created = apiKey({ id: 12, name: body.name, scopes: body.scopes, location_ids: body.location_ids });
        keys = [created];
        return { status: 201, body: { ...created, key: 'hp_ab12cd_SECRETSECRETSECRET' } };
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen' });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Neuer API-Schlüssel' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Neuer API-Schlüssel' });

    // Nothing chosen: German errors, no call.
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel anlegen' }));
    expect(await within(dialog).findByText('Bitte wählen Sie mindestens eine Berechtigung.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte wählen Sie mindestens einen Standort.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'ERP Wodis');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haus Nord' }));
    // Each scope by its label and its code.
    await user.click(
      within(dialog).getByRole('checkbox', { name: /^Bewohner anlegen und ändern \(Abgleich\)residents:write$/ }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /^Schadensmeldungen lesen/ }));
    await user.type(within(dialog).getByLabelText(/^Gültig bis/), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel anlegen' }));

    const shown = await screen.findByRole('dialog', { name: 'API-Schlüssel angelegt' });
    const field = within(shown).getByLabelText('API-Schlüssel');
    expect(field).toHaveValue('hp_ab12cd_SECRETSECRETSECRET');
    expect(within(shown).getByText(/Dieser Schlüssel wird nur jetzt angezeigt/)).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    await user.click(within(shown).getByRole('button', { name: 'Kopieren' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('hp_ab12cd_SECRETSECRETSECRET');
    expect(await within(shown).findByText('Kopiert.')).toBeInTheDocument();

    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'ERP Wodis',
      location_ids: [1],
      scopes: ['residents:write', 'tickets:read'],
      expires_at: '2099-12-31T22:59:59.000Z',
    });

    await user.click(within(shown).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'ERP Wodis' })).toBeInTheDocument();
    expect(screen.queryByText('hp_ab12cd_SECRETSECRETSECRET')).toBeNull();
    expect(screen.queryByDisplayValue('hp_ab12cd_SECRETSECRETSECRET')).toBeNull();
  });

  it("shows the server's German field error in the create dialog", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': { body: page([]) },
      'POST /api/admin/integration/keys/': { status: 400, body: { name: ['Dieser Name ist bereits vergeben.'] } },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen' });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Neuer API-Schlüssel' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Neuer API-Schlüssel' });
    await user.type(within(dialog).getByLabelText('Name'), 'ERP');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Haus Süd' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Pakete lesen/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel anlegen' }));
    expect(await within(dialog).findByText('Dieser Name ist bereits vergeben.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a key after a confirmation that says requests are refused at once', async () => {
    let keys = [apiKey()];
    const calls = mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': () => ({ body: page(keys) }),
      'POST /api/admin/integration/keys/7/revoke/': () => {
        keys = [apiKey({ state: 'revoked', revoked_at: '2026-11-20T12:00:00Z' })];
        return { body: keys[0] };
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Widerrufen: ERP Wodis' }));
    const dialog = await screen.findByRole('dialog', { name: 'API-Schlüssel widerrufen' });
    expect(within(dialog).getByText(/Anfragen mit diesem Schlüssel werden sofort abgelehnt\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    expect(await screen.findByText('„ERP Wodis“ wurde widerrufen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/integration/keys/7/revoke/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Widerrufen: ERP Wodis' })).toBeNull());
    expect(screen.getByText('Widerrufen am 20.11.2026, 13:00')).toBeInTheDocument();
  });

  it('has no serious axe violations on the list and in the create dialog', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': { body: [apiKey()] },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen' });
    await screen.findByRole('heading', { name: 'ERP Wodis' });
    expect(await seriousViolations()).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Neuer API-Schlüssel' }));
    await screen.findByRole('dialog', { name: 'Neuer API-Schlüssel' });
    expect(await seriousViolations()).toEqual([]);
  });
});

describe("'Schnittstellen': a key's webhooks", () => {
  it('adds an endpoint for chosen events and shows its secret once', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const calls = mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/': { body: apiKey() },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': () => ({ body: page(endpoints) }),
      'POST /api/admin/integration/keys/7/webhooks/': (call) => {
        const body = call.body as Pick<WebhookEndpoint, 'url' | 'events' | 'description'>;
        endpoints = [endpoint(body)];
        return { status: 201, body: { ...endpoints[0], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } };
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'ERP Wodis' })).toBeInTheDocument();
    expect(await screen.findByText('Für diesen Schlüssel sind noch keine Webhooks eingerichtet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Webhook hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook hinzufügen' });
    await user.type(within(dialog).getByLabelText('Adresse (URL)'), 'https://erp.example.org/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Schadensmeldung eingegangen/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Paket angenommenparcel\.logged$/ }));
    await user.type(within(dialog).getByLabelText(/^Beschreibung/), 'Pakete ins ERP');
    await user.click(within(dialog).getByRole('button', { name: 'Webhook anlegen' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook angelegt' });
    expect(within(shown).getByLabelText('Signatur-Geheimnis')).toHaveValue('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(within(shown).getByText(/Dieses Geheimnis wird nur jetzt angezeigt/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://erp.example.org/hooks',
      events: ['ticket.created', 'parcel.logged'],
      description: 'Pakete ins ERP',
    });
    await user.click(within(shown).getByRole('button', { name: 'Fertig' }));
    const card = (await screen.findByRole('heading', { name: 'https://erp.example.org/hooks' })).closest('li')!;
    expect(within(card).getByText('Eingeschaltet')).toBeInTheDocument();
    expect(within(card).getByText('Schadensmeldung eingegangen')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(/whsec_/)).toBeNull();
  });

  it("refuses a private address with the server's German message under the URL", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/': { body: apiKey() },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': { body: page([]) },
      'POST /api/admin/integration/keys/7/webhooks/': {
        status: 400,
        body: { url: ['Diese Adresse ist nicht erlaubt (interne oder private Adresse).'] },
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Webhook hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook hinzufügen' });
    await user.type(within(dialog).getByLabelText('Adresse (URL)'), 'https://192.168.1.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Paket abgeholt/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Webhook anlegen' }));
    expect(
      await within(dialog).findByText('Diese Adresse ist nicht erlaubt (interne oder private Adresse).'),
    ).toBeInTheDocument();
  });

  it('renews the secret after a confirmation, shows the new one once and until when the old one still works', async () => {
    let current = endpoint();
    const calls = mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/': { body: apiKey() },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': () => ({ body: page([current]) }),
      'POST /api/admin/integration/webhooks/3/rotate-secret/': () => {
        current = endpoint({ previous_secret_expires_at: '2026-11-21T09:30:00Z' });
        return { body: { ...current, secret: 'whsec_NEU' } };
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Geheimnis erneuern: Schadensmeldungen ins ERP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Signatur-Geheimnis erneuern' });
    expect(within(confirm).getByText(/das alte gilt noch 24 Stunden weiter/)).toBeInTheDocument();
    expect(screen.queryByText(/Das alte Geheimnis gilt noch bis/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Geheimnis erneuern' }));
    const shown = await screen.findByRole('dialog', { name: 'Neues Signatur-Geheimnis' });
    expect(within(shown).getByLabelText('Signatur-Geheimnis')).toHaveValue('whsec_NEU');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Berlin time (UTC+1 in November).
    expect(await screen.findByText('Das alte Geheimnis gilt noch bis 21.11.2026, 10:30.')).toBeInTheDocument();
  });

  it('switches an endpoint off, and one switched off for failing shows why and switches on again', async () => {
    let current = endpoint();
    const calls = mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/': { body: apiKey() },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': () => ({ body: page([current]) }),
      'PATCH /api/admin/integration/webhooks/3/': (call) => {
        const { enabled } = call.body as { enabled: boolean };
        current = enabled
          ? endpoint()
          : endpoint({ enabled: false, disabled_reason: '3 Tage lang nicht erreichbar (zuletzt HTTP 503).' });
        return { body: current };
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ausschalten: Schadensmeldungen ins ERP' }));
    expect(await screen.findByText('Automatisch ausgeschaltet')).toBeInTheDocument();
    expect(screen.getByText('Grund: 3 Tage lang nicht erreichbar (zuletzt HTTP 503).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wieder einschalten: Schadensmeldungen ins ERP' }));
    expect(await screen.findByText('Eingeschaltet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);
  });

  it('deletes an endpoint after a confirmation', async () => {
    let endpoints = [endpoint()];
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/': { body: apiKey() },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': () => ({ body: page(endpoints) }),
      'DELETE /api/admin/integration/webhooks/3/': () => {
        endpoints = [];
        return { status: 204 };
      },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Löschen: Schadensmeldungen ins ERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook löschen' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Der Webhook wurde gelöscht.')).toBeInTheDocument();
    expect(await screen.findByText('Für diesen Schlüssel sind noch keine Webhooks eingerichtet.')).toBeInTheDocument();
  });

  it('says so for a key that does not exist', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/': { body: apiKey() },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/99' });
    expect(await screen.findByText('Diesen API-Schlüssel gibt es nicht.')).toBeInTheDocument();
  });
});

describe("'Schnittstellen': the delivery log", () => {
  const base = '/api/admin/integration/webhooks/3/deliveries/';

  it("lists deliveries with status, event, code, attempts and times, and offers 'Erneut senden' on each not pending", async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': { body: page([endpoint()]) },
      [`GET ${base}?page=1&page_size=25`]: {
        body: page(
          [
            delivery(),
            delivery({
              id: 12,
              status: 'failed',
              event: 'ticket.status_changed',
              attempts: 9,
              response_code: 503,
              last_error: 'HTTP 503',
              message_id: 'msg_9zz',
            }),
            delivery({
              id: 13,
              status: 'pending',
              attempts: 2,
              response_code: null,
              message_id: 'msg_pp1',
              next_attempt_at: '2026-11-20T11:30:00Z',
            }),
          ],
          30,
        ),
      },
      [`GET ${base}?page=2&page_size=25`]: { body: page([delivery({ id: 40, message_id: 'msg_p2' })], 30) },
      [`GET ${base}?page=1&page_size=25&status=failed`]: { body: page([delivery({ id: 12, status: 'failed' })]) },
      'POST /api/admin/integration/deliveries/12/resend/': { body: delivery({ id: 12, status: 'pending' }) },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7/webhooks/3' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zustellungen' })).toBeInTheDocument();
    expect(screen.getByText('An https://erp.example.org/hooks')).toBeInTheDocument();
    expect(screen.getByText(/letzten 30 Tage/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Zustellungen dieses Webhooks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Zugestellt')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('Schadensmeldung eingegangen').length).toBeGreaterThan(0);
    // The times show in their columns and, folded under the event, on a narrow table.
    expect(within(rows[0]!).getAllByText('20.11.2026, 12:00').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('503').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getAllByText('HTTP 503').length).toBeGreaterThan(0);
    expect(within(rows[2]!).getByText('Ausstehend')).toBeInTheDocument();
    expect(within(rows[2]!).getAllByText('20.11.2026, 12:30').length).toBeGreaterThan(0);
    expect(within(rows[2]!).queryByRole('button', { name: 'Erneut senden' })).toBeNull();
    expect(within(table).getAllByRole('button', { name: 'Erneut senden' })).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Erneut senden' }));
    expect(await screen.findByText(/Die Nachricht wird erneut gesendet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/integration/deliveries/12/resend/',
    ]);

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findAllByText('msg_p2')).length).toBeGreaterThan(0);
    expect(screen.getByText('Seite 2 von 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Fehlgeschlagen');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('status=failed'));
    await waitFor(() => expect(calls.some((c) => c.url === `${base}?page=1&page_size=25&status=failed`)).toBe(true));
  });

  it('says when there are no deliveries yet', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/7/webhooks/?page_size=100': { body: page([endpoint()]) },
      [`GET ${base}?page=1&page_size=25`]: { body: page([]) },
    });
    renderAdmin(<Screens />, { path: '/admin/schnittstellen/7/webhooks/3' });
    expect(await screen.findByText('Keine Zustellungen.')).toBeInTheDocument();
  });
});
