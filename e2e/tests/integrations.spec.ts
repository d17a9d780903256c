import http from 'node:http';
import { request, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { DEMO_ADMIN } from '../../apps/server/src/seed/demo-data';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MANAGER_LOGIN, baseUrl, webhookPort } from '../support/env';
import { expect, heading, test } from '../support/test';

// An administrator creates an API key in 'Schnittstellen', sees it once, a script uses
// it and is refused once it is revoked; a webhook endpoint on 127.0.0.1 (allowed for this run by
// WEBHOOK_ENDPOINT_ALLOWLIST, see global-setup.ts) receives a signed delivery, verified with the
// standardwebhooks package, and the delivery log shows it with 'Erneut senden'.

/** What a script does with the key: one call of the integration API. */
async function callWithKey(key: string, path = '/api/integration/me/'): Promise<number> {
  const ctx = await request.newContext({ baseURL: baseUrl() });
  try {
    return (await ctx.get(path, { headers: { Authorization: `Bearer ${key}` } })).status();
  } finally {
    await ctx.dispose();
  }
}

async function openIntegrations(page: Page): Promise<void> {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Schnittstellen/ })
    .click();
  await expect(heading(page, 'Schnittstellen')).toBeVisible();
}

/** Fills 'Neuer API-Schlüssel' and returns the key the dialog shows once. */
async function createKey(page: Page, name: string, scopes: RegExp[]): Promise<string> {
  await page.getByRole('button', { name: 'Neuer API-Schlüssel' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neuer API-Schlüssel' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  const locations = dialog.getByRole('group', { name: /^Standorte/ }).getByRole('checkbox');
  for (const box of await locations.all()) await box.check();
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: scope }).check();
  await dialog.getByRole('button', { name: 'Schlüssel anlegen' }).click();
  const shown = page.getByRole('dialog', { name: 'API-Schlüssel angelegt' });
  await expect(shown.getByText(/Dieser Schlüssel wird nur jetzt angezeigt/)).toBeVisible();
  const field = shown.getByLabel('API-Schlüssel');
  await expect(field).toBeFocused();
  const key = await field.inputValue();
  expect(key).toMatch(/^hp_[A-Za-z0-9_-]{20,}$/);
  await shown.getByRole('button', { name: 'Fertig' }).click();
  await expect(shown).toBeHidden();
  return key;
}

test('an administrator creates a key, sees it once, a script uses it, and after revoking it the next call gets 401', async ({
  page,
}) => {
  const name = `E2E-Skript ${Date.now()}`;
  await staffLogin(page, DEMO_ADMIN);
  await openIntegrations(page);
  await expectNoSeriousA11yViolations(page, 'Schnittstellen at 1280 px');
  const key = await createKey(page, name, [/^Bewohner lesen/]);

  // Shown once: after closing the dialog, and after a reload, only its prefix is on the page.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(card.getByText('Noch nie')).toBeVisible();
  expect(await page.content()).not.toContain(key);
  const prefix = (await card.locator('code').first().textContent())!.replace('…', '');
  expect(key.startsWith(prefix)).toBe(true);

  // The script's call works, and 'Zuletzt benutzt' says so.
  expect(await callWithKey(key)).toBe(200);
  await page.reload();
  await expect(card.getByText('Noch nie')).toBeHidden();
  await expect(card.getByText(/^(gerade eben|vor \d+ Min\.)$/)).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // Revoked: the confirmation says what happens, and the very next call is refused.
  // (Chromium reads the row button's hidden ': name' with a space before the colon.)
  await card.getByRole('button', { name: new RegExp(`^Widerrufen ?: ${name}$`) }).click();
  const confirm = page.getByRole('dialog', { name: 'API-Schlüssel widerrufen' });
  await expect(confirm.getByText(/Anfragen mit diesem Schlüssel werden sofort abgelehnt\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Widerrufen', exact: true }).click();
  await expect(page.getByText(`„${name}“ wurde widerrufen.`)).toBeVisible();
  await expect(card.getByText('Widerrufen', { exact: true })).toBeVisible();
  expect(await callWithKey(key)).toBe(401);
});

test('a manager does not see Schnittstellen and a direct visit says it is for administrators', async ({ page }) => {
  await staffLogin(page, MANAGER_LOGIN);
  await expect(page.getByRole('navigation').getByRole('link', { name: /^Schnittstellen/ })).toHaveCount(0);
  await page.goto('/admin/schnittstellen');
  await expect(page.getByText('Nur für Administratoren.')).toBeVisible();
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 204 and keeps what it got. */
async function receiver(port: number): Promise<{ received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a webhook endpoint on 127.0.0.1 gets a signed delivery, and the log offers Erneut senden (375 px)', async ({
  page,
}) => {
  const port = webhookPort();
  expect(port).toBeGreaterThan(0);
  const rx = await receiver(port);
  try {
    const name = `E2E-ERP ${Date.now()}`;
    // Signed in at the default width (staffLogin waits for the sidebar), then on a phone.
    await staffLogin(page, DEMO_ADMIN);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin/schnittstellen');
    await expect(heading(page, 'Schnittstellen')).toBeVisible();
    await createKey(page, name, [/^Schadensmeldungen lesen/]);
    await page.getByRole('link', { name: new RegExp(`^Webhooks ansehen ?: ${name}$`) }).click();
    await expect(heading(page, name)).toBeVisible();

    await page.getByRole('button', { name: 'Webhook hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
    const url = `http://127.0.0.1:${port}/hook`;
    await dialog.getByLabel('Adresse (URL)').fill(url);
    await dialog.getByRole('checkbox', { name: /^Schadensmeldung eingegangen/ }).check();
    await dialog.getByLabel(/^Beschreibung/).fill('Schadensmeldungen ins ERP');
    await dialog.getByRole('button', { name: 'Webhook anlegen' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook angelegt' });
    const secret = await shown.getByLabel('Signatur-Geheimnis').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Fertig' }).click();
    await expect(page.getByRole('heading', { name: url })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "a key's webhooks at 375 px");

    // A resident reports a defect: ticket.created goes to the receiver, signed.
    const resident = await Api.login('A-0101');
    const categories = await resident.get<{ results: { id: number }[] }>('/api/tickets/categories/');
    const ctx = await request.newContext({ baseURL: baseUrl() });
    const report = await ctx.post('/api/tickets/', {
      headers: { Authorization: `Token ${resident.token}`, 'Idempotency-Key': `e2e-hook-${Date.now()}` },
      data: {
        category_id: categories.results[0]!.id,
        scope: 'apartment',
        description: `Tropfender Wasserhahn (${name})`,
      },
    });
    expect(report.status()).toBe(201);
    await ctx.dispose();
    await expect.poll(() => rx.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const first = rx.received[0]!;
    const payload = new Webhook(secret).verify(first.body, {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    }) as { type: string };
    expect(payload.type).toBe('ticket.created');

    // The log shows it delivered; 'Erneut senden' sends it again with the same webhook-id.
    await page.getByRole('link', { name: /^Zustellungen ansehen/ }).click();
    await expect(heading(page, 'Zustellungen')).toBeVisible();
    const table = page.getByRole('table', { name: 'Zustellungen dieses Webhooks' });
    await expect(table.getByText('Zugestellt')).toBeVisible({ timeout: 15_000 });
    // At 375 px the event folds under the status (its own column is hidden).
    await expect(table.getByText('Schadensmeldung eingegangen').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the delivery log at 375 px');
    await table.getByRole('button', { name: 'Erneut senden', exact: true }).click();
    await expect(page.getByText(/Die Nachricht wird erneut gesendet/)).toBeVisible();
    await expect.poll(() => rx.received.length, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(rx.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
  } finally {
    await rx.close();
  }
});
