import { describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TICKET_STATUSES } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { categories, listItem, me, provider, stats, ticket } from './test-fixtures';
import TicketsPage from './tickets-page';

/** axe in jsdom (no layout, so no colour-contrast rule; the e2e run checks that in a browser). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const rows = [listItem(1, { stale: true }), listItem(2, { status: 'in_progress', scope: 'building', place: 'Keller' })];

function serveAll() {
  mockFetch({
    'GET /api/admin/me/': { body: me },
    'GET /api/admin/tickets/summary/': { body: { received: 1, stale: 1 } },
    'GET /api/admin/ticket-categories/?page_size=100': { body: page(categories) },
    'GET /api/admin/ticket-categories/?location_id=1&page_size=100': { body: page(categories) },
    'GET /api/admin/providers/?page_size=100': { body: page([provider]) },
    'GET /api/admin/providers/?location_id=1&page_size=100': { body: page([provider]) },
    'GET /api/admin/tickets/?page=1&page_size=25&sort=oldest': { body: page(rows) },
    'GET /api/admin/tickets/board/': {
      body: {
        columns: TICKET_STATUSES.map((status) => {
          const results = rows.filter((r) => r.status === status);
          return { status, count: results.length, results };
        }),
      },
    },
    'GET /api/admin/tickets/7/': { body: ticket({ rating: { stars: 5, text: 'Danke' } }) },
    'GET /api/admin/tickets/stats/': { body: stats },
  });
}

function open(path: string) {
  const user = userEvent.setup();
  renderAdmin(<TicketsPage />, { path, pattern: '/admin/tickets/*' });
  return user;
}

describe('ticket screens: no serious or critical axe violations', () => {
  it('on the list', async () => {
    serveAll();
    open('/admin/tickets');
    await screen.findByRole('table', { name: 'Meldungen' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('on the board', async () => {
    serveAll();
    open('/admin/tickets/board');
    await screen.findByRole('combobox', { name: 'Neuer Status für 2026-000001' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('on the ticket page, its internal composer, and the assignment and merge dialogs', async () => {
    serveAll();
    const user = open('/admin/tickets/7');
    await screen.findByRole('region', { name: 'Verlauf' });
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /^Interne Notiz/ }));
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Handwerker beauftragen' }));
    await screen.findByRole('combobox', { name: 'Handwerker / Anbieter' });
    expect(await seriousViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Mit anderer Meldung zusammenführen' }));
    await screen.findByRole('searchbox', { name: 'Nummer der anderen Meldung' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('on the form for a resident', async () => {
    serveAll();
    open('/admin/tickets/new');
    await screen.findByRole('combobox', { name: 'Wohnung' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('on the categories', async () => {
    serveAll();
    open('/admin/tickets/categories');
    await screen.findByRole('table', { name: 'Kategorien' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('on the figures', async () => {
    serveAll();
    open('/admin/tickets/stats');
    await screen.findByRole('table', { name: 'Meldungen nach Kategorie' });
    expect(await seriousViolations()).toEqual([]);
  });
});
