import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import AuditPage from './audit-page';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [{ id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' }],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

const entry = {
  id: 31,
  created_at: '2026-02-01T09:00:00+00:00',
  user_id: 5,
  user_name: 'Petra Verwalterin',
  action: 'resident_updated',
  entity: 'user',
  entity_id: 7,
  location_id: 1,
  details: { via: 'import' },
  before: { name: 'Anna', email: 'anna@example.org', is_receptionist: false },
  after: { name: 'Anna Beispiel', email: 'anna@example.org', is_receptionist: true },
};

describe('audit log', () => {
  it('lists entries in German and filters by person through the URL', async () => {
    const calls = mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/staff/?page_size=100': {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [
            { id: 5, name: 'Petra Verwalterin' },
            { id: 6, name: 'Otto Admin' },
          ],
        },
      },
      'GET /api/admin/audit/?page=1&page_size=25': { body: page([entry]) },
      'GET /api/admin/audit/?page=1&page_size=25&user_id=6': { body: page([]) },
    });
    const user = userEvent.setup();
    renderAdmin(<AuditPage />, { path: '/admin/audit' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Bewohner:in geändert')).toBeInTheDocument();
    // In their own columns, and a copy under the action for a narrow table (CSS shows one of them).
    expect(table.querySelector('td.col-entity')).toHaveTextContent('Bewohner:in #7');
    await waitFor(() => expect(table.querySelector('td.col-location_id')).toHaveTextContent('Residenz am Stadtpark'));
    expect(table.querySelector('td.col-action .admin-fold')).toHaveTextContent('Bewohner:in #7');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Person' }), 'Otto Admin');
    expect(await screen.findByText('Keine Einträge.')).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/audit?user_id=6');
    expect(calls.map((c) => c.url)).toContain('/api/admin/audit/?page=1&page_size=25&user_id=6');
  });

  it('shows before and after with the changed fields marked', async () => {
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/staff/?page_size=100': { body: { count: 0, next: null, previous: null, results: [] } },
      'GET /api/admin/audit/?page=1&page_size=25': { body: page([entry]) },
    });
    const user = userEvent.setup();
    renderAdmin(<AuditPage />, { path: '/admin/audit' });
    await user.click(await screen.findByRole('button', { name: /^Details: Bewohner:in geändert/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('2 Felder geändert')).toBeInTheDocument();
    const name = within(dialog).getByRole('rowheader', { name: 'name (geändert)' }).closest('tr')!;
    expect(name).toHaveClass('is-changed');
    expect(within(name).getByText('Anna')).toBeInTheDocument();
    expect(within(name).getByText('Anna Beispiel')).toBeInTheDocument();
    const email = within(dialog).getByRole('rowheader', { name: 'email' }).closest('tr')!;
    expect(email).not.toHaveClass('is-changed');
    expect(within(dialog).getByText(/"via": "import"/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByText('2 Felder geändert')).not.toBeInTheDocument());
  });
});
