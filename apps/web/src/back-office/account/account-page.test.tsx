import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import AccountPage from './account-page';

afterEach(() => vi.unstubAllGlobals());

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};
const office = {
  id: 3,
  device: 'Edge auf Windows',
  created_at: '2026-11-25T07:05:00.000Z',
  last_used_at: '2026-11-25T09:00:00.000Z',
  expires_at: '2026-11-25T17:05:00.000Z',
  current: true,
};
const home = { ...office, id: 4, device: 'Safari auf macOS', current: false };

describe("'Mein Konto' in the back office", () => {
  it("lists the staff member's devices and signs the others out", async () => {
    let sessions = [office, home];
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/profile/sessions/?page_size=100': () => ({ body: page(sessions) }),
      'POST /api/profile/sessions/sign-out-others/': () => {
        sessions = [office];
        return { body: { detail: 'Alle anderen Geräte wurden abgemeldet.', count: 1 } };
      },
    });
    renderAdmin(<AccountPage />);
    expect(await screen.findByRole('heading', { name: 'Mein Konto' })).toBeInTheDocument();
    expect(await screen.findByText('Safari auf macOS')).toBeInTheDocument();
    expect(screen.getByText('Dieses Gerät')).toBeInTheDocument();
    // 07:05 UTC is 08:05 in Berlin in November.
    expect(screen.getAllByText('Angemeldet am 25.11.2026, 08:05')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Alle anderen Geräte abmelden' }));
    await waitFor(() => expect(screen.queryByText('Safari auf macOS')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.headers.Authorization?.startsWith('Token '))).toBe(true);
  });
});
