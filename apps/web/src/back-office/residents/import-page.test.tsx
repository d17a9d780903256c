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
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

// ADR 028: the location's prefix; a number outside it is refused by its form alone.
const PREFIX = 'Wohnungsnummern in diesem Standort beginnen mit „A-“.';
const stadtpark = {
  id: 1,
  title: 'Residenz am Stadtpark',
  name: 'stadtpark',
  logo: null,
  direct_call: false,
  direct_number: '',
  default_service_id: 3,
  default_service_name: 'Rezeption',
  default_service_always: false,
  text: '',
  hours: '',
  phone: '',
  email: '',
  free_text: '',
  residents_can_post: false,
  apartment_prefix: 'A-',
};

function csvFile(lines: string[]) {
  return new File([`\uFEFF${lines.join('\r\n')}`], 'bewohner.csv', { type: 'text/csv' });
}

describe('resident CSV import screen', () => {
  it('previews the file, checks it at once, names errors in the error column, imports the good rows with invitations and sums up', async () => {
    const imports: Call[] = [];
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'GET /api/admin/locations/1/': { body: stadtpark },
      'POST /api/admin/residents/import/': (call) => {
        imports.push(call);
        const body = call.body as { rows: { line: number }[]; dry_run: boolean };
        if (body.dry_run) {
          return {
            body: {
              created: 1,
              updated: 1,
              unchanged: 0,
              invited: 2,
              errors: [{ row: 1, line: 3, errors: { apartment_number: [PREFIX] } }],
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
    expect(await screen.findByText('Wohnungsnummern dieses Standorts beginnen mit „A-“.')).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'Vorschau: alle 4 Zeilen' });
    expect(within(preview).getByRole('cell', { name: 'Bert Anders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Prüfen' })).not.toBeInTheDocument();

    // The check runs by itself: no 'Prüfen' step.
    expect(
      await screen.findByText('Geprüft: 1 neu, 1 aktualisiert, 0 unverändert. 2 Einladungen werden gesendet.'),
    ).toBeInTheDocument();
    expect(imports[0]!.body).toMatchObject({ location_id: 1, dry_run: true, send_invitations: true });
    // The error column names each row's errors, the browser's and the server's.
    const rowOf = (line: string) => within(preview).getByRole('rowheader', { name: line }).closest('tr')!;
    expect(within(rowOf('4')).getByText('E-Mail ungültig')).toBeInTheDocument();
    expect(within(rowOf('3')).getByText('Wohnung beginnt nicht mit „A-“')).toBeInTheDocument();
    expect(within(rowOf('2')).getByText('in Ordnung')).toBeInTheDocument();
    // Rows the browser refused are not sent; the others carry their line.
    expect((imports[0]!.body as { rows: { line: number }[] }).rows.map((r) => r.line)).toEqual([2, 3, 5]);
    const errors = screen.getByRole('region', { name: '2 Zeilen mit Fehlern' });
    expect(within(errors).getByText('Zeile 3:').parentElement).toHaveTextContent(`Wohnung`);
    expect(within(errors).getByText('Zeile 3:').parentElement).toHaveTextContent(PREFIX);
    expect(within(errors).getByText('Zeile 4:').parentElement).toHaveTextContent(
      'E-Mail: Keine gültige E-Mail-Adresse.',
    );

    expect(screen.getByRole('checkbox', { name: 'Einladungen an alle mit E-Mail-Adresse senden' })).toBeChecked();
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
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('names a duplicate apartment by the other line, and sends no invitations when unchecked', async () => {
    const imports: Call[] = [];
    mockFetch({
      'GET /api/admin/me/': { body: me },
      'POST /api/admin/residents/import/': (call) => {
        imports.push(call);
        return { body: { created: 1, updated: 0, unchanged: 0, invited: 1, errors: [] } };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<ResidentsPage />, { path: '/admin/residents/import', pattern: '/admin/residents/*' });
    await screen.findByRole('option', { name: 'Residenz am Stadtpark' });
    await user.upload(
      screen.getByLabelText('CSV-Datei'),
      csvFile([
        'Wohnung;Name;E-Mail',
        'A-0101;Anna;anna@example.org',
        'A-0102;Bert;',
        ';Niemand;',
        'A-0104;Carla;',
        'A-0105;Dora;',
        'a-0102;Bert doppelt;',
      ]),
    );
    const preview = await screen.findByRole('table', { name: 'Vorschau: alle 6 Zeilen' });
    const rowOf = (line: string) => within(preview).getByRole('rowheader', { name: line }).closest('tr')!;
    expect(within(rowOf('3')).getByText('Wohnung doppelt in Zeile 7')).toBeInTheDocument();
    expect(within(rowOf('7')).getByText('Wohnung doppelt in Zeile 3')).toBeInTheDocument();
    expect(within(rowOf('4')).getByText('Wohnung fehlt')).toBeInTheDocument();
    await screen.findByText(/^Geprüft:/);
    await user.click(screen.getByRole('checkbox', { name: 'Einladungen an alle mit E-Mail-Adresse senden' }));
    await user.click(screen.getByRole('button', { name: '3 Zeilen importieren' }));
    await screen.findByText('Der Import ist abgeschlossen.', { selector: 'p' });
    expect(imports.at(-1)!.body).toMatchObject({ dry_run: false, send_invitations: false });
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
