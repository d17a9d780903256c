import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RowSelectionState } from '@tanstack/react-table';
import { mockFetch } from '@/test/fetch-mock';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import type { Paginated } from '../api/types';
import { useListArgs } from '../lib/list-params';
import { page, renderAdmin } from '../test-utils';
import { adminColumns, DataTable, type ListResult } from './data-table';

interface Person {
  id: number;
  name: string;
}

const testApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    people: build.query<Paginated<Person>, ListArgs>({ query: (args) => listQuery('/api/admin/people/', args) }),
  }),
});

const col = adminColumns<Person>();
const columns = [col.accessor('name', { header: 'Name' })];

function People({ selectable = false }: { selectable?: boolean }) {
  const args = useListArgs();
  const result = testApi.usePeopleQuery(args);
  const [selected, setSelected] = useState<RowSelectionState>({});
  return (
    <>
      <DataTable
        caption="Personen"
        columns={columns}
        result={result}
        selection={selectable ? { selected, onChange: setSelected, rowLabel: (p) => `${p.name} auswählen` } : undefined}
      />
      <p data-testid="selected">{Object.keys(selected).join(',')}</p>
    </>
  );
}

const first = '/api/admin/people/?page=1&page_size=25';

interface Household {
  id: number;
  name: string;
  email: string;
  location: string;
}
const hcol = adminColumns<Household>();
const householdColumns = [
  hcol.accessor('name', { header: 'Name' }),
  hcol.accessor('email', { header: 'E-Mail' }),
  hcol.accessor('location', { header: 'Standort' }),
];

function Households() {
  const args = useListArgs();
  const result = testApi.usePeopleQuery(args) as unknown as ListResult<Household>;
  return (
    <DataTable
      caption="Haushalte"
      columns={householdColumns}
      result={result}
      fold={{ into: 'name', columns: ['email', 'location'] }}
    />
  );
}

describe('admin data table', () => {
  it('shows the rows under real column headers and announces the count', async () => {
    mockFetch({
      [`GET ${first}`]: {
        body: page([
          { id: 1, name: 'Anna' },
          { id: 2, name: 'Ben' },
        ]),
      },
    });
    renderAdmin(<People />);
    const table = await screen.findByRole('table', { name: 'Personen' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Ben' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 Einträge');
  });

  it("says 'Keine Einträge' for an empty list", async () => {
    mockFetch({ [`GET ${first}`]: { body: page([]) } });
    renderAdmin(<People />);
    expect(await screen.findByText('Keine Einträge')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("offers 'Erneut versuchen' when the list fails, and loads it again", async () => {
    let calls = 0;
    mockFetch({
      [`GET ${first}`]: () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: 'Server Error' } : { body: page([{ id: 1, name: 'Anna' }]) };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<People />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Liste konnte nicht geladen werden.');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('cell', { name: 'Anna' })).toBeInTheDocument();
  });

  it('pages on the server and keeps the page and the location in the URL', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
    const calls = mockFetch({
      'GET /api/admin/people/?page=1&page_size=25&location_id=3': { body: page(many, 30) },
      'GET /api/admin/people/?page=2&page_size=25&location_id=3': {
        body: page([{ id: 26, name: 'Person 26' }], 30),
      },
    });
    const user = userEvent.setup();
    renderAdmin(<People />, { path: '/admin/people?location_id=3' });
    await screen.findByRole('cell', { name: 'Person 1' });
    expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('cell', { name: 'Person 26' })).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/people?location_id=3&page=2');
    expect(calls.map((c) => c.url)).toContain('/api/admin/people/?page=2&page_size=25&location_id=3');
    expect(calls[0]!.headers.Authorization).toBe('Token staff-token');
  });

  it('selects rows with labelled checkboxes, one by one or the whole page', async () => {
    mockFetch({
      [`GET ${first}`]: {
        body: page([
          { id: 7, name: 'Anna' },
          { id: 9, name: 'Ben' },
        ]),
      },
    });
    const user = userEvent.setup();
    renderAdmin(<People selectable />);
    const ben = await screen.findByRole('checkbox', { name: 'Ben auswählen' });
    await user.click(ben);
    expect(screen.getByTestId('selected')).toHaveTextContent('9');
    // The same element, still focused: a re-render must not remount the cells.
    expect(ben).toBeChecked();
    expect(ben).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Alle auf dieser Seite auswählen' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('7,9');
  });

  it('sends the visitor to the sign-in when the server answers 401', async () => {
    mockFetch({ [`GET ${first}`]: { status: 401, body: { detail: 'Ungültiges Token.' } } });
    const { store } = renderAdmin(<People />);
    await waitFor(() => expect(store.getState().adminSession.token).toBeNull());
    expect(localStorage.getItem('hausportal.adminToken')).toBeNull();
  });

  it('folds secondary columns under the main one, each value after its header (shown by CSS on a narrow table)', async () => {
    mockFetch({
      [`GET ${first}`]: { body: page([{ id: 1, name: 'Anna', email: 'anna@example.org', location: 'Am See' }]) },
    });
    renderAdmin(<Households />);
    const table = await screen.findByRole('table', { name: 'Haushalte' });
    // The folding columns are marked, header and cells, so the container query can hide them.
    expect(within(table).getByRole('columnheader', { name: 'E-Mail' })).toHaveClass('admin-col-folds');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).not.toHaveClass('admin-col-folds');
    const nameCell = within(table).getAllByRole('cell')[0]!;
    expect(nameCell).toHaveClass('col-name');
    expect(Array.from(nameCell.querySelectorAll('.admin-fold'), (f) => f.textContent)).toEqual([
      'E-Mail: anna@example.org',
      'Standort: Am See',
    ]);
    expect(table.querySelector('td.col-email')).toHaveClass('admin-col-folds');
  });
});
