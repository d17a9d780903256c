import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import { AdminRoutes } from './admin-routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const staff = (role: 'admin' | 'manager') => ({
  id: 1,
  name: role === 'admin' ? 'Ada Admin' : 'Petra Verwalterin',
  email: 'a@example.org',
  role,
  locations: [{ id: 1, title: 'Haus Nord', name: 'nord' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
});

// 'Schnittstellen' is an administrator's entry; the server refuses its calls to a manager too.
describe("'Schnittstellen': who sees it", () => {
  it("is in the sidebar of an administrator, not of a manager, whose direct visit says 'Nur für Administratoren.'", async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('manager') },
      'GET /api/admin/tickets/summary/': { body: { received: 0, stale: 0 } },
    });
    renderAdmin(<AdminRoutes />, { path: '/admin/schnittstellen' });
    expect(await screen.findByText('Nur für Administratoren.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Verwaltung' });
    expect(within(nav).queryByRole('link', { name: 'Schnittstellen' })).toBeNull();
  });

  it('shows the entry to an administrator', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: staff('admin') },
      'GET /api/admin/integration/keys/?page=1&page_size=100': { body: page([]) },
    });
    renderAdmin(<AdminRoutes />, { path: '/admin/schnittstellen' });
    const nav = await screen.findByRole('navigation', { name: 'Verwaltung' });
    const link = await within(nav).findByRole('link', { name: 'Schnittstellen' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schnittstellen' })).toBeInTheDocument();
  });
});
