import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { AdminRoutes } from './admin-routes';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'p@example.org',
  role: 'manager',
  locations: [{ id: 1, title: 'Haus Nord', name: 'nord' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

describe('the sidebar counts', () => {
  it("shows the new tickets beside 'Meldungen' and the waiting items beside 'Moderation'", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/moderation/summary/': {
        body: { pending_messages: 2, pending_comments: 0, open_reports: 0, total: 2 },
      },
      'GET /api/admin/tickets/summary/': { body: { received: 3, stale: 1 } },
      'GET /api/admin/tickets/?page=1&page_size=25&sort=oldest': { body: page([]) },
    });
    renderAdmin(<AdminRoutes />, { path: '/admin/tickets' });
    const nav = await screen.findByRole('navigation', { name: 'Verwaltung' });
    const tickets = within(nav).getByRole('link', { name: /^Meldungen/ });
    await waitFor(() => expect(tickets).toHaveAccessibleName('Meldungen 3 neu'));
    expect(tickets).toHaveAttribute('aria-current', 'page');
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /^Moderation/ })).toHaveAccessibleName('Moderation 2 offen'),
    );
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.firstChild?.textContent);
    expect(labels.slice(0, 4)).toEqual(['Übersicht', 'Moderation', 'Meldungen', 'Aushänge']);
  });

  it('shows no count when no ticket is new', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/tickets/summary/': { body: { received: 0, stale: 0 } },
      'GET /api/admin/tickets/?page=1&page_size=25&sort=oldest': { body: page([]) },
    });
    renderAdmin(<AdminRoutes />, { path: '/admin/tickets' });
    const nav = await screen.findByRole('navigation', { name: 'Verwaltung' });
    await screen.findByText('Keine Meldungen gefunden.');
    expect(within(nav).getByRole('link', { name: /^Meldungen/ })).toHaveAccessibleName('Meldungen');
  });
});
