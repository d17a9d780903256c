import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { renderAdmin } from '../test-utils';
import DocumentsPage from './documents-page';

const me = {
  id: 5,
  name: 'Petra Verwalterin',
  email: 'petra@example.org',
  role: 'manager',
  locations: [
    { id: 1, title: 'Residenz am Stadtpark', name: 'stadtpark' },
    { id: 2, title: 'Haus am See', name: 'see' },
  ],
  access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
};

const pdf = (name = 'hausordnung.pdf', size = 0) =>
  new File([new TextEncoder().encode('%PDF-1.7\n'), new Uint8Array(size)], name, { type: 'application/pdf' });

/** The browser's XMLHttpRequest at the network boundary: records the request, reports progress, answers. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: FormData }[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  statusText = '';
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

function start() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const calls = mockFetch({
    'GET /api/admin/me/': { body: me },
    'GET /api/admin/apartments/?location_id=2&page_size=100': {
      body: {
        count: 2,
        next: null,
        previous: null,
        results: [
          { apartment_number: 'B-0101', active_residents: 1 },
          { apartment_number: 'B-0102', active_residents: 2 },
        ],
      },
    },
  });
  const user = userEvent.setup();
  renderAdmin(<DocumentsPage />, { path: '/admin/documents/new?location_id=2', pattern: '/admin/documents/*' });
  return Object.assign(user, { calls });
}

describe('document upload form', () => {
  it("refuses a file over 10 MB with 'Die Datei … ist zu gross' before sending", async () => {
    const user = start();
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Grundriss');
    await user.upload(screen.getByLabelText('PDF-Datei'), pdf('grundriss.pdf', 10 * 1024 * 1024));
    expect(await screen.findByText('Die Datei grundriss.pdf ist zu gross')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a renamed file that is not a PDF by its content', async () => {
    const user = start();
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Vertrag');
    const fake = new File(['MZ not a pdf'], 'vertrag.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('PDF-Datei'), fake);
    expect(await screen.findByText('Die Datei vertrag.pdf ist keine PDF-Datei.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('asks for an apartment of the list when the document is for one apartment', async () => {
    const user = start();
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Nebenkosten');
    await user.click(screen.getByRole('radio', { name: 'Eine Wohnung' }));
    await user.upload(screen.getByLabelText('PDF-Datei'), pdf());
    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    const picker = await screen.findByRole('combobox', { name: 'Wohnungsnummer' });
    // The form checks asynchronously (its resolver); under load the message comes a moment later.
    await waitFor(() => expect(picker).toHaveAccessibleDescription('Bitte wählen Sie eine Wohnung aus der Liste.'));
    // A number that is not the location's is never taken, typed in full or not.
    await user.type(picker, 'B-0999');
    expect(await screen.findByText('Keine passende Wohnung', { selector: 'li' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Wohnungsnummer' })).toHaveAccessibleDescription(
        'Bitte wählen Sie eine Wohnung aus der Liste.',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);
    // The picker asked for the chosen location's apartments.
    expect(user.calls.some((c) => c.url === '/api/admin/apartments/?location_id=2&page_size=100')).toBe(true);
  });

  it('uploads title, location, apartment and the PDF with the staff token, then returns to the list', async () => {
    FakeXhr.answer = {
      status: 201,
      body: {
        id: 9,
        title: 'Nebenkosten 2026',
        icon: '',
        location_id: 2,
        apartment_number: 'B-0101',
        file_name: 'nebenkosten.pdf',
        document: '/media/x',
        created_at: '2026-02-01T09:00:00+00:00',
      },
    };
    const user = start();
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Nebenkosten 2026');
    expect(screen.getByRole('combobox', { name: 'Standort' })).toHaveValue('2');
    await user.click(screen.getByRole('radio', { name: 'Eine Wohnung' }));
    // Picked from the list with the keyboard: type-ahead, ↓ to the first match, Enter.
    const picker = screen.getByRole('combobox', { name: 'Wohnungsnummer' });
    await user.type(picker, 'b-01');
    expect(await screen.findByRole('option', { name: /B-0101/ })).toBeVisible();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveValue('B-0101');
    await user.upload(screen.getByLabelText('PDF-Datei'), pdf('nebenkosten.pdf'));
    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/documents?location_id=2'));
    const [request] = FakeXhr.sent;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/admin/documents/');
    expect(request!.headers.Authorization).toBe('Token staff-token');
    expect(request!.body.get('title')).toBe('Nebenkosten 2026');
    expect(request!.body.get('location_id')).toBe('2');
    expect(request!.body.get('apartment_number')).toBe('B-0101');
    expect((request!.body.get('document') as File).name).toBe('nebenkosten.pdf');
  });

  it('shows the server field errors of a refused upload under the fields', async () => {
    FakeXhr.answer = { status: 400, body: { apartment_number: ['Diese Wohnung gibt es an diesem Standort nicht.'] } };
    const user = start();
    await user.type(await screen.findByRole('textbox', { name: 'Titel' }), 'Nebenkosten');
    await user.click(screen.getByRole('radio', { name: 'Eine Wohnung' }));
    // Typed in full (in any case) it counts as picked, spelled as the list spells it.
    const picker = screen.getByRole('combobox', { name: 'Wohnungsnummer' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.type(picker, 'b-0102');
    await user.tab();
    expect(picker).toHaveValue('B-0102');
    await user.upload(screen.getByLabelText('PDF-Datei'), pdf());
    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect(await screen.findByText('Diese Wohnung gibt es an diesem Standort nicht.')).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/documents/new');
  });
});
