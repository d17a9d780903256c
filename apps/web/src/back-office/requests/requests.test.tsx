import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProviderRequest } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { page, renderAdmin } from '../test-utils';
import RequestsPage from './requests-page';

const request: AdminProviderRequest = {
  id: 3,
  text: 'Bitte rufen Sie mich wegen der tropfenden Heizung an. Ich bin ab 16 Uhr zu Hause.',
  status: 'new',
  note: '',
  created_at: '2026-03-02T09:15:00+01:00',
  updated_at: null,
  provider_id: 4,
  provider_name: 'Heizung Huber',
  service_title: 'Handwerker',
  location_id: 1,
  location_title: 'Haus Nord',
  user_name: 'Anna Alt',
  apartment_number: '1-01',
};

describe('provider requests (Anfragen)', () => {
  it('lists requests and filters them by status through the URL', async () => {
    const calls = mockFetch({
      'GET /api/admin/requests/?page=1&page_size=25': { body: page([request]) },
      'GET /api/admin/requests/?page=1&page_size=25&status=done': { body: page([]) },
    });
    const user = userEvent.setup();
    renderAdmin(<RequestsPage />, { path: '/admin/requests' });
    const row = within(await screen.findByRole('table', { name: 'Anfragen' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('02.03.2026, 09:15');
    expect(row).toHaveTextContent('Anna Alt');
    expect(row).toHaveTextContent('1-01');
    expect(row).toHaveTextContent('Heizung Huber');
    expect(row).toHaveTextContent('Neu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Erledigt');
    expect(await screen.findByText('Keine Einträge')).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent('status=done');
    expect(calls.at(-1)!.url).toBe('/api/admin/requests/?page=1&page_size=25&status=done');
  });

  it('sets the status and a note for the resident in the dialog', async () => {
    let current = request;
    const calls = mockFetch({
      'GET /api/admin/requests/?page=1&page_size=25': () => ({ body: page([current]) }),
      'PUT /api/admin/requests/3/': (call) => {
        current = { ...current, ...(call.body as object) };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<RequestsPage />, { path: '/admin/requests' });
    await user.click(await screen.findByRole('button', { name: 'Anfrage von Anna Alt öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anfrage bearbeiten' });
    expect(dialog).toHaveTextContent('tropfenden Heizung an. Ich bin ab 16 Uhr zu Hause.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'In Bearbeitung');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Notiz an die Bewohnerin/ }),
      'Herr Huber meldet sich morgen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 'in_progress',
      note: 'Herr Huber meldet sich morgen.',
    });
    const table = screen.getByRole('table', { name: 'Anfragen' });
    expect(await within(table).findByText('In Bearbeitung')).toBeInTheDocument();
  });
});
