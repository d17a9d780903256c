import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import EmailsPage from './emails-page';

const mail = (id: number, status: 'pending' | 'sent' | 'failed', extra = {}) => ({
  id,
  to_address: `person${id}@example.org`,
  subject: `Betreff ${id}`,
  kind: 'invitation',
  status,
  attempts: status === 'failed' ? 5 : 1,
  last_error: status === 'failed' ? '550 Mailbox unavailable' : null,
  created_at: '2026-02-01T09:00:00+00:00',
  sent_at: status === 'sent' ? '2026-02-01T09:01:00+00:00' : null,
  location_id: 1,
  ...extra,
});

describe('outgoing mail', () => {
  it('lists mails with German status badges, kinds and errors, and filters by status in the URL', async () => {
    const calls = mockFetch({
      'GET /api/admin/emails/?page=1&page_size=25': {
        body: page([mail(1, 'pending'), mail(2, 'sent'), mail(3, 'failed')]),
      },
      'GET /api/admin/emails/?page=1&page_size=25&status=failed': { body: page([mail(3, 'failed')]) },
    });
    const user = userEvent.setup();
    renderAdmin(<EmailsPage />, { path: '/admin/emails', pattern: '/admin/emails/*' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Wartet')).toBeInTheDocument();
    expect(within(table).getByText('Gesendet')).toBeInTheDocument();
    expect(within(table).getByText('Fehlgeschlagen')).toBeInTheDocument();
    // Kind and error in their columns; on a tablet they fold under the subject (a copy CSS shows there).
    const kinds = Array.from(table.querySelectorAll('td.col-kind'), (cell) => cell.textContent);
    expect(kinds.filter((k) => k === 'Einladung')).toHaveLength(3);
    const errors = Array.from(table.querySelectorAll('td.col-last_error'), (cell) => cell.textContent);
    expect(errors).toContain('550 Mailbox unavailable');
    expect(table.querySelector('td.col-subject .admin-fold')).toHaveTextContent(/^Art: /);
    expect(within(table).getAllByRole('button', { name: /^Erneut senden/ })).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Fehlgeschlagen');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/emails?status=failed'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.map((c) => c.url)).toContain('/api/admin/emails/?page=1&page_size=25&status=failed');
  });

  it('shows one mail with its redacted text and sends a failed one again', async () => {
    const failed = { ...mail(3, 'failed'), body_text: 'Hallo Anna,\n\n[Link entfernt]\n' };
    const calls = mockFetch({
      'GET /api/admin/emails/3/': { body: failed },
      'POST /api/admin/emails/3/retry/': { body: { ...failed, status: 'pending', attempts: 0 } },
    });
    const user = userEvent.setup();
    renderAdmin(<EmailsPage />, { path: '/admin/emails/3', pattern: '/admin/emails/*' });
    expect(await screen.findByRole('heading', { name: 'E-Mail: Betreff 3' })).toBeInTheDocument();
    expect(screen.getByText(/\[Link entfernt\]/)).toBeInTheDocument();
    expect(screen.getByText(/Links mit Zugangsdaten/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/emails/3/retry/')).toBe(true),
    );
  });

  it('says so when the mail is not in the caller’s scope', async () => {
    mockFetch({ 'GET /api/admin/emails/99/': { status: 404, body: { detail: 'Nicht gefunden.' } } });
    renderAdmin(<EmailsPage />, { path: '/admin/emails/99', pattern: '/admin/emails/*' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diese E-Mail gibt es nicht oder sie gehört nicht zu Ihren Standorten.',
    );
  });
});
