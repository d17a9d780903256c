import { describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { AdminRoutes } from './admin-routes';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'p@example.org',
  role: 'admin',
  locations: [{ id: 1, title: 'Haus Nord', name: 'nord' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};
const post = {
  id: 1,
  text: 'Flohmarkt',
  status: 'pending',
  created_at: new Date().toISOString(),
  location_id: 1,
  location_title: 'Haus Nord',
  user_name: 'Anna',
  apartment_number: '1-01',
  rejection_reason: null,
  documents: [{ id: 2, name: 'a.jpg', kind: 'image', document: '/m/a.jpg', thumbnail: '/m/a-t.jpg' }],
};

/** axe in jsdom (no layout, so no colour-contrast rule; the e2e run checks that in a browser). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('back-office accessibility', () => {
  it('has no serious or critical axe violations on the sign-in', async () => {
    mockFetch({});
    renderAdmin(<AdminRoutes />, { path: '/admin/login', token: null });
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('has none on the moderation screen with its shell, nor in the rejection dialog', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/moderation/summary/': {
        body: { pending_messages: 1, pending_comments: 0, open_reports: 0, total: 1 },
      },
      'GET /api/admin/messages/?page=1&page_size=25&status=pending': { body: page([post]) },
    });
    const user = userEvent.setup();
    renderAdmin(<AdminRoutes />, { path: '/admin/moderation' });
    await screen.findByRole('table', { name: 'Beiträge' });
    await screen.findByText('Petra Verwalterin');
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Ablehnen:/ }));
    await screen.findByRole('dialog', { name: 'Beitrag ablehnen' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('has none on the notice form', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/moderation/summary/': {
        body: { pending_messages: 0, pending_comments: 0, open_reports: 0, total: 0 },
      },
    });
    renderAdmin(<AdminRoutes />, { path: '/admin/notices/new' });
    await screen.findByRole('checkbox', { name: 'Haus Nord' });
    expect(await seriousViolations()).toEqual([]);
  });
});
