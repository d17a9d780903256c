import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Call } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import ResidentsPage from './residents-page';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [{ id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' }],
};

const OTHER = 'Diese Wohnungsnummer gehört zu einem anderen Standort.';

function csvFile(lines: string[]) {
  return new File([`\uFEFF${lines.join('\r\n')}`], 'bewohner.csv', { type: 'text/csv' });
}

describe('resident CSV import screen', () => {
  it('previews the file, dry-runs it, lists errors by line, imports the good rows and sums up', async () => {
    const imports: Call[] = [];
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'POST /api/admin/residents/import/': (call) => {
        imports.push(call);
        const body = call.body as { rows: { line: number }[]; dry_run: boolean };
        if (body.dry_run) {
          return {
            body: {
              created: 1,
              updated: 1,
              unchanged: 0,
              invited: 0,
              errors: [{ row: 1, line: 3, errors: { apartment_number: [OTHER] } }],
            },
          };
        }
        return { body: { created: 1, updated: 1, unchanged: 0, invited: 1, errors: [] } };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/import', pattern: '/admin/residents/*' });

    await screen.findByRole('option', { name: 'Residenz am Stadtpark' });
    await user.upload(
      screen.getByLabelText('CSV-Datei'),
      csvFile([
        'Wohnung;Name;E-Mail',
        'A-0101;Anna Beispiel;anna@example.org',
        'B-0101;Bert Anders;bert@example.org',
        'A-0105;Carla;kaputt',
        'A-0106;Dora;dora@example.org',
      ]),
    );
    expect(await screen.findByText('4 Zeilen aus „bewohner.csv“ gelesen.')).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'Vorschau: alle 4 Zeilen' });
    expect(within(preview).getByRole('cell', { name: 'Bert Anders' })).toBeInTheDocument();
    // The browser's own check already knows line 4.
    expect(screen.getByText(/Keine gültige E-Mail-Adresse\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText('Probelauf: 1 neu, 1 aktualisiert, 0 unverändert.')).toBeInTheDocument();
    expect(imports[0]!.body).toMatchObject({ location_id: 1, dry_run: true, send_invitations: false });
    // Rows the browser refused are not sent; the others carry their line.
    expect((imports[0]!.body as { rows: { line: number }[] }).rows.map((r) => r.line)).toEqual([2, 3, 5]);
    const errors = screen.getByRole('region', { name: '2 Zeilen mit Fehlern' });
    expect(within(errors).getByText('Zeile 3:').parentElement).toHaveTextContent(`Wohnung`);
    expect(within(errors).getByText('Zeile 3:').parentElement).toHaveTextContent(OTHER);
    expect(within(errors).getByText('Zeile 4:').parentElement).toHaveTextContent(
      'E-Mail: Keine gültige E-Mail-Adresse.',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Einladungen senden' }));
    await user.click(screen.getByRole('button', { name: '2 Zeilen importieren' }));
    expect(await screen.findByText('Der Import ist abgeschlossen.', { selector: 'p' })).toBeInTheDocument();
    const real = imports[1]!.body as {
      rows: { apartment_number: string }[];
      dry_run: boolean;
      send_invitations: boolean;
    };
    expect(real.dry_run).toBe(false);
    expect(real.send_invitations).toBe(true);
    expect(real.rows.map((r) => r.apartment_number)).toEqual(['A-0101', 'A-0106']);

    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(screen.getByText('2 von 2 Zeilen')).toBeInTheDocument();
    const totals = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(totals('neu')).toHaveTextContent('1');
    expect(totals('aktualisiert')).toHaveTextContent('1');
    expect(totals('unverändert')).toHaveTextContent('0');
    expect(totals('Einladungen')).toHaveTextContent('1');
    expect(totals('Fehler')).toHaveTextContent('2');
  });

  it('refuses a file without the required columns before anything is sent', async () => {
    const calls = mockFetch({ 'GET /api/admin/me/': { body: me } });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/import', pattern: '/admin/residents/*' });
    await screen.findByRole('option', { name: 'Residenz am Stadtpark' });
    await user.upload(screen.getByLabelText('CSV-Datei'), csvFile(['Vorname,Telefon', 'Anna,123']));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Spalte Wohnung (apartment_number) fehlt');
    expect(screen.queryByRole('button', { name: 'Prüfen' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows at most 50 rows of a large file in the preview', async () => {
    mockFetch({ 'GET /api/admin/me/': { body: me } });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/import', pattern: '/admin/residents/*' });
    await screen.findByRole('option', { name: 'Residenz am Stadtpark' });
    const lines = ['Wohnung;Name', ...Array.from({ length: 5000 }, (_, i) => `W-${i};Person ${i}`)];
    await user.upload(screen.getByLabelText('CSV-Datei'), csvFile(lines));
    const preview = await screen.findByRole('table', { name: 'Vorschau: die ersten 50 von 5000 Zeilen' });
    expect(within(preview).getAllByRole('row')).toHaveLength(51);
  });
});
