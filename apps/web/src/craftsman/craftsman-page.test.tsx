import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CRAFTSMAN_LINK_INVALID,
  TICKET_PHOTO_MAX_EDGE,
  TICKET_SCOPE_LABELS,
  type CraftsmanJob,
} from '@hausportal/contract';
import { craftsmanDe } from '@/i18n/craftsman';
import { resizeImage } from '@/lib/resize-image';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { tokenFromPath } from './api';
import { CraftsmanPage } from './craftsman-page';
import { job, JOB_URL, TOKEN } from './test-fixtures';

// Canvas and createImageBitmap do not exist in jsdom; the shrinking itself is tested in lib.
vi.mock('@/lib/resize-image', () => ({
  resizeImage: vi.fn(
    async (file: File) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 1, 2, 3])], file.name.replace(/\.\w+$/, '.jpg'), {
        type: 'image/jpeg',
      }),
  ),
}));

const jpeg = (name = 'baustelle.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1])], name, { type: 'image/jpeg' });

function renderPage(token: string | null = TOKEN) {
  return render(<CraftsmanPage token={token} />);
}

/** The job once it is on screen. */
async function loaded(number = '2026-000123') {
  return screen.findByRole('heading', { level: 1, name: `Auftrag ${number}` });
}

/** A fetch that waits until the test lets it answer, to see the page while a step is sent. */
function heldFetch(answers: Record<string, () => { status: number; body: unknown }>) {
  const pending: Array<() => void> = [];
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      const answer = answers[`${method} ${url}`]!();
      const response = new Response(JSON.stringify(answer.body), { status: answer.status });
      // GETs answer at once; steps wait for release().
      if (method === 'GET') return Promise.resolve(response);
      return new Promise<Response>((resolve) => pending.push(() => resolve(response)));
    }),
  );
  return { calls, release: () => pending.splice(0).forEach((go) => go()) };
}

beforeEach(() => {
  document.title = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(resizeImage).mockClear();
});

describe("the page's own words for the contract's places", () => {
  it('name every place the contract knows', () => {
    // The contract's labels speak as the resident ('In meiner Wohnung'); here they may not.
    expect(Object.keys(craftsmanDe.scopes)).toEqual(Object.keys(TICKET_SCOPE_LABELS));
  });
});

describe('the token in the address', () => {
  it.each([
    ['/auftrag/abc123', 'abc123'],
    ['/auftrag/abc123/', 'abc123'],
    ['/auftrag/a%2Db', 'a-b'],
    ['/auftrag/', null],
    ['/auftrag', null],
    ['/auftrag/abc/extra', null],
    ['/blackboard', null],
  ])('%s gives %s', (path, token) => {
    expect(tokenFromPath(path)).toBe(token);
  });
});

describe("the craftsman's page", () => {
  it('loads the job behind the link and shows it, with the number in the title', async () => {
    const calls = mockFetch({ [`GET ${JOB_URL}`]: { body: job() } });
    renderPage();
    expect(screen.getByText('Auftrag wird geladen …').closest('[role="status"]')).not.toBeNull();
    await loaded();
    await waitFor(() => expect(document.title).toBe('Auftrag 2026-000123 – Hausportal'));
    expect(screen.getByText('Heizung')).toBeInTheDocument();
    expect(screen.getByText('Handwerker beauftragt')).toBeInTheDocument();
    expect(screen.getByText('Residenz am Stadtpark')).toBeInTheDocument();
    expect(screen.getByText('Parkstraße 1, 10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('In der Wohnung')).toBeInTheDocument();
    expect(screen.getByText('Der Heizkörper im Bad tropft seit Montag.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nachricht der Hausverwaltung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Foto 1 groß anzeigen' })).toHaveAttribute(
      'href',
      '/api/media/ticket-7.jpg?sig=a',
    );
    const timeline = screen.getByRole('region', { name: 'Verlauf' });
    expect(within(timeline).getByText('Auftrag erteilt')).toBeInTheDocument();
    expect(within(timeline).getByText(/10:15/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(JOB_URL);
  });

  it("sends no cookie and none of a resident's session, even on a phone where a resident is signed in", async () => {
    localStorage.setItem('token', 'resident-token');
    mockFetch({ [`GET ${JOB_URL}`]: { body: job() } });
    renderPage();
    await loaded();
    const [, init] = vi.mocked(fetch).mock.calls[0]! as [string, RequestInit];
    expect(init.credentials).toBe('omit');
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(localStorage.getItem('token')).toBe('resident-token');
  });

  it('shows only the invalid-link message for a link that no longer works', async () => {
    mockFetch({ [`GET ${JOB_URL}`]: { status: 404, body: { detail: CRAFTSMAN_LINK_INVALID } } });
    renderPage();
    expect(await screen.findByText(CRAFTSMAN_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Auftrag nicht verfügbar' })).toBeInTheDocument();
    expect(screen.queryByText(/2026-000123/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the invalid-link message without a call when the address holds no token', () => {
    const calls = mockFetch({});
    renderPage(null);
    expect(screen.getByText(CRAFTSMAN_LINK_INVALID)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when loading fails, and loads again', async () => {
    let answers = 0;
    mockFetch({
      [`GET ${JOB_URL}`]: () => (++answers === 1 ? { status: 502, body: '<html>Bad Gateway</html>' } : { body: job() }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Der Auftrag konnte nicht geladen werden.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Das hat nicht geklappt. Bitte versuchen Sie es erneut.');
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await loaded();
  });

  it('says so when the phone has no connection', async () => {
    setOnline(false);
    const calls = mockFetch({ [`GET ${JOB_URL}`]: { body: job() } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Verbindung zum Server.');
    expect(calls).toHaveLength(0);
  });
});

describe('an offered job', () => {
  it('is accepted with one tap; while it is sent every button waits and says so', async () => {
    const held = heldFetch({
      [`GET ${JOB_URL}`]: () => ({ status: 200, body: job() }),
      [`POST ${JOB_URL}accept/`]: () => ({ status: 200, body: job({ state: 'accepted' }) }),
    });
    renderPage();
    await loaded();
    expect(screen.getByText(/bietet Ihnen diesen Auftrag an/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Termin vereinbart' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Auftrag annehmen' }));
    expect(screen.getByRole('button', { name: 'Wird angenommen\u00a0…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeDisabled();
    held.release();

    expect(await screen.findByText('Auftrag angenommen.')).toBeInTheDocument();
    // The focus moves in an effect after the answer is drawn; under load a moment later.
    await waitFor(() => expect(screen.getByText('Sie haben den Auftrag angenommen.')).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Termin vereinbart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auftrag als erledigt melden' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Auftrag annehmen' })).not.toBeInTheDocument();
    expect(held.calls.at(-1)).toMatchObject({ method: 'POST', url: `${JOB_URL}accept/` });
  });

  it('is declined only after a question, with the reason given', async () => {
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: job() },
      [`POST ${JOB_URL}decline/`]: { body: job({ state: 'declined' }) },
    });
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(calls).toHaveLength(1);
    const question = screen.getByRole('group', { name: 'Auftrag ablehnen?' });
    expect(within(question).getByRole('heading', { name: 'Auftrag ablehnen?' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('group', { name: 'Auftrag ablehnen?' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    await user.type(screen.getByLabelText('Grund (optional)'), '  Keine Kapazität bis Januar ');
    await user.click(screen.getByRole('button', { name: 'Ja, Auftrag ablehnen' }));
    expect(await screen.findByText('Auftrag abgelehnt.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: `${JOB_URL}decline/`,
      body: { reason: 'Keine Kapazität bis Januar' },
    });
    expect(screen.getByText(/Sie haben diesen Auftrag abgelehnt/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /annehmen|Ablehnen|Termin|erledigt/ })).not.toBeInTheDocument();
  });

  it('turns into the invalid-link message when the link stopped working meanwhile', async () => {
    mockFetch({
      [`GET ${JOB_URL}`]: { body: job() },
      [`POST ${JOB_URL}accept/`]: { status: 404, body: { detail: CRAFTSMAN_LINK_INVALID } },
    });
    renderPage();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Auftrag annehmen' }));
    expect(await screen.findByText(CRAFTSMAN_LINK_INVALID)).toBeInTheDocument();
    expect(screen.queryByText('Der Heizkörper im Bad tropft seit Montag.')).not.toBeInTheDocument();
  });
});

describe('an accepted job', () => {
  const accepted = (overrides: Partial<CraftsmanJob> = {}) => job({ state: 'accepted', ...overrides });

  it('sends the appointment as the local date and time of the pickers', async () => {
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted() },
      [`POST ${JOB_URL}appointment/`]: {
        body: accepted({ status: 'appointment_set', appointment_at: '2026-12-01T08:30:00.000Z' }),
      },
    });
    renderPage();
    await loaded();
    expect(screen.getByText('Noch kein Termin vereinbart')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Termin vereinbart' });
    fireEvent.change(within(form).getByLabelText('Datum'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText('Uhrzeit'), { target: { value: '09:30' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Termin speichern' }));

    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        method: 'POST',
        url: `${JOB_URL}appointment/`,
        body: { at: '2026-12-01T09:30' },
      }),
    );
    expect(await screen.findByText('Termin gespeichert: Dienstag, 01.12.2026, 09:30 Uhr.')).toBeInTheDocument();
    // The server's UTC time, shown in Berlin.
    expect(screen.getAllByText('Dienstag, 01.12.2026, 09:30 Uhr').length).toBeGreaterThan(0);
    expect(screen.getByText('Termin vereinbart', { selector: '.cm-tag' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Termin ändern' })).toBeInTheDocument();
  });

  it('asks for date and time before sending an appointment, and shows what the server says', async () => {
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted({ appointment_at: '2026-12-03T14:00:00+01:00' }) },
      [`POST ${JOB_URL}appointment/`]: { status: 400, body: { at: ['Der Termin liegt in der Vergangenheit.'] } },
    });
    renderPage();
    await loaded();
    const form = screen.getByRole('region', { name: 'Termin vereinbart' });
    // A set appointment fills the pickers, in Berlin time.
    expect(within(form).getByLabelText('Datum')).toHaveValue('2026-12-03');
    expect(within(form).getByLabelText('Uhrzeit')).toHaveValue('14:00');
    fireEvent.change(within(form).getByLabelText('Uhrzeit'), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Termin ändern' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Bitte geben Sie Datum und Uhrzeit an.');
    expect(within(form).getByLabelText('Uhrzeit')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Uhrzeit')).toHaveFocus();
    expect(calls).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText('Uhrzeit'), { target: { value: '07:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Termin ändern' }));
    expect(await within(form).findByText('Der Termin liegt in der Vergangenheit.')).toBeInTheDocument();
    expect(calls.at(-1)!.body).toEqual({ at: '2026-12-03T07:00' });
  });

  it('shrinks a photo on the phone and sends it in the multipart field photo', async () => {
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted() },
      [`POST ${JOB_URL}photos/`]: {
        body: accepted({
          photos: [
            ...job().photos,
            { id: 8, url: '/api/media/8.jpg', thumbnail: '/api/media/8-t.jpg', created_at: '', original: false },
          ],
        }),
      },
    });
    const { container } = renderPage();
    await loaded();
    const original = jpeg('IMG_0042.png');
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, original);

    expect(await screen.findByText('Foto hinzugefügt.')).toBeInTheDocument();
    expect(resizeImage).toHaveBeenCalledWith(original, TICKET_PHOTO_MAX_EDGE);
    const upload = calls.at(-1)!;
    expect(upload).toMatchObject({ method: 'POST', url: `${JOB_URL}photos/` });
    expect(upload.body).toBeInstanceOf(FormData);
    const sent = (upload.body as FormData).get('photo') as File;
    expect(sent.name).toBe('IMG_0042.jpg');
    expect(sent.type).toBe('image/jpeg');
    expect(screen.getByRole('link', { name: 'Foto 2 groß anzeigen' })).toBeInTheDocument();
  });

  it('refuses a photo the server would refuse before sending anything', async () => {
    const calls = mockFetch({ [`GET ${JOB_URL}`]: { body: accepted() } });
    const { container } = renderPage();
    await loaded();
    const heic = new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 104, 101, 105, 99])], 'IMG_1.heic', {
      type: 'image/heic',
    });
    await userEvent.setup({ applyAccept: false }).upload(container.querySelector('input[type="file"]')!, heic);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '„IMG_1.heic“ ist kein Foto im Format JPEG, PNG oder WebP.',
    );
    expect(resizeImage).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('sends a note and empties the field', async () => {
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted() },
      [`POST ${JOB_URL}notes/`]: { body: accepted() },
    });
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Notiz senden' }));
    expect(screen.getByText('Bitte schreiben Sie eine Notiz.')).toBeInTheDocument();
    expect(screen.getByLabelText('Notiz')).toHaveFocus();
    expect(calls).toHaveLength(1);
    await user.type(screen.getByLabelText('Notiz'), 'Ersatzventil bestellt');
    await user.click(screen.getByRole('button', { name: 'Notiz senden' }));
    expect(await screen.findByText('Notiz gesendet.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ url: `${JOB_URL}notes/`, body: { text: 'Ersatzventil bestellt' } });
    expect(screen.getByLabelText('Notiz')).toHaveValue('');
  });

  it("asks before reporting the job done, and only then sends 'done'", async () => {
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted() },
      [`POST ${JOB_URL}done/`]: {
        body: accepted({
          state: 'done',
          status: 'reported_done',
          read_only: true,
          readable_until: '2027-01-07T10:00:00Z',
        }),
      },
    });
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Auftrag als erledigt melden' }));
    expect(calls).toHaveLength(1);
    const question = screen.getByRole('group', { name: 'Auftrag als erledigt melden?' });
    expect(within(question).getByRole('heading')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Auftrag als erledigt melden' }));
    await user.type(screen.getByLabelText('Was wurde gemacht? (optional)'), 'Ventil getauscht');
    await user.click(screen.getByRole('button', { name: 'Ja, als erledigt melden' }));
    expect(await screen.findByText('Auftrag als erledigt gemeldet. Vielen Dank!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      url: `${JOB_URL}done/`,
      body: { text: 'Ventil getauscht', early: false },
    });
    expect(screen.getByText(/Sie haben den Auftrag als erledigt gemeldet/)).toHaveTextContent(
      /Die Hausverwaltung prüft die Arbeit und nimmt sie ab/,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Auftrag abgeschlossen – diese Seite bleibt bis 07.01.2027 lesbar.',
    );
    expect(screen.queryByRole('button', { name: /Termin|Notiz|Foto|erledigt/ })).not.toBeInTheDocument();
  });

  it('asks once more before the agreed appointment, and then confirms it early', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted({ appointment_at: soon, status: 'appointment_set' }) },
      [`POST ${JOB_URL}done/`]: { body: accepted({ state: 'done', status: 'reported_done' }) },
    });
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Auftrag als erledigt melden' }));
    const question = screen.getByRole('group', { name: 'Auftrag als erledigt melden?' });
    expect(question).toHaveTextContent(/Der vereinbarte Termin ist erst am .+ Uhr\. Trotzdem als erledigt melden\?/);
    await user.click(within(question).getByRole('button', { name: 'Ja, als erledigt melden' }));
    expect(await screen.findByText('Auftrag als erledigt gemeldet. Vielen Dank!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ url: `${JOB_URL}done/`, body: { early: true } });
  });

  it('asks the question the server asks when the appointment is still ahead there', async () => {
    const asked =
      'Der vereinbarte Termin ist erst am 09.12.2026, 10:30 Uhr. Bitte bestätigen Sie, dass der Auftrag schon erledigt ist.';
    const calls = mockFetch({
      [`GET ${JOB_URL}`]: { body: accepted() },
      [`POST ${JOB_URL}done/`]: (call) =>
        (call.body as { early: boolean }).early
          ? { body: accepted({ state: 'done', status: 'reported_done' }) }
          : { status: 409, body: { detail: asked } },
    });
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Auftrag als erledigt melden' }));
    await user.click(screen.getByRole('button', { name: 'Ja, als erledigt melden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(asked);
    await user.click(screen.getByRole('button', { name: 'Ja, als erledigt melden' }));
    expect(await screen.findByText('Auftrag als erledigt gemeldet. Vielen Dank!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { early: boolean }).early)).toEqual([
      false,
      true,
    ]);
  });
});

describe('where to go', () => {
  it('shows the building, the address with a map link in a new tab, and how to get in', async () => {
    mockFetch({
      [`GET ${JOB_URL}`]: {
        body: job({
          building: 'Haus B',
          location_address: 'Parkweg 7, 10117 Berlin',
          access_note: 'Schlüssel beim Hausmeister, Klingel 3',
          map_url: 'https://www.openstreetmap.org/search?query=Parkweg%207%2C%2010117%20Berlin',
        }),
      },
    });
    renderPage();
    await loaded();
    expect(screen.getByText('Haus B')).toBeInTheDocument();
    expect(screen.getByText('Parkweg 7, 10117 Berlin')).toBeInTheDocument();
    expect(screen.getByText('Schlüssel beim Hausmeister, Klingel 3')).toBeInTheDocument();
    const map = screen.getByRole('link', { name: /^Karte öffnen/ });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=Parkweg%207%2C%2010117%20Berlin');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toMatch(/noopener/);
  });

  it('shows no map link without a street', async () => {
    mockFetch({ [`GET ${JOB_URL}`]: { body: job({ location_address: '', map_url: null }) } });
    renderPage();
    await loaded();
    expect(screen.queryByRole('link', { name: /Karte öffnen/ })).not.toBeInTheDocument();
  });
});

describe('after the management decided', () => {
  it('shows the reason when the management returned the job, and the steps again', async () => {
    mockFetch({
      [`GET ${JOB_URL}`]: {
        body: job({
          state: 'accepted',
          status: 'appointment_set',
          events: [
            {
              id: 5,
              kind: 'returned',
              author: 'management',
              status: null,
              text: 'Der Heizkörper im Bad tropft noch.',
              created_at: '2026-11-25T08:00:00Z',
            },
          ],
        }),
      },
    });
    renderPage();
    await loaded();
    const notice = screen.getByRole('region', { name: 'Die Hausverwaltung hat den Auftrag zurückgegeben' });
    expect(notice).toHaveTextContent('Der Heizkörper im Bad tropft noch.');
    expect(screen.getByRole('button', { name: 'Auftrag als erledigt melden' })).toBeEnabled();
  });

  it('says the job was accepted, and stays readable without a button', async () => {
    mockFetch({
      [`GET ${JOB_URL}`]: {
        body: job({ state: 'done', status: 'done', read_only: true, readable_until: '2027-01-07T10:00:00Z' }),
      },
    });
    renderPage();
    await loaded();
    expect(screen.getByText('Die Hausverwaltung hat den Auftrag abgenommen. Vielen Dank!')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('diese Seite bleibt bis 07.01.2027 lesbar');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("the resident's contact", () => {
  it('is not shown without consent', async () => {
    mockFetch({ [`GET ${JOB_URL}`]: { body: job({ state: 'accepted', contact: null }) } });
    renderPage();
    await loaded();
    expect(screen.queryByRole('heading', { name: 'Ansprechpartner vor Ort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Anrufen/ })).not.toBeInTheDocument();
  });

  it('shows name, apartment and a number to call with consent', async () => {
    mockFetch({
      [`GET ${JOB_URL}`]: {
        body: job({ contact: { name: 'Anna Beispiel', apartment_number: '0101', phone: '0170 123 45-67' } }),
      },
    });
    renderPage();
    await loaded();
    const block = screen.getByRole('region', { name: 'Ansprechpartner vor Ort' });
    expect(within(block).getByText('Anna Beispiel')).toBeInTheDocument();
    expect(within(block).getByText('Wohnung 0101')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Anrufen: 0170 123 45-67' })).toHaveAttribute(
      'href',
      'tel:01701234567',
    );
  });

  it("is gone once the job is no longer the craftsman's", async () => {
    const contact = { name: 'Anna Beispiel', apartment_number: '0101', phone: '0170 1234567' };
    mockFetch({ [`GET ${JOB_URL}`]: { body: job({ state: 'done', contact }) } });
    renderPage();
    await loaded();
    expect(screen.queryByText('Anna Beispiel')).not.toBeInTheDocument();
  });

  it('leaves out the call button when the resident gave no number', async () => {
    mockFetch({
      [`GET ${JOB_URL}`]: { body: job({ contact: { name: 'Anna Beispiel', apartment_number: '0101', phone: '' } }) },
    });
    renderPage();
    await loaded();
    expect(screen.getByText('Anna Beispiel')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Anrufen/ })).not.toBeInTheDocument();
  });
});

describe('a job that is over', () => {
  it.each([
    ['declined', /Sie haben diesen Auftrag abgelehnt/],
    ['done', /als erledigt gemeldet/],
    ['revoked', /hat diesen Auftrag zurückgezogen/],
  ] as const)('%s is read-only, with a line saying so', async (state, line) => {
    mockFetch({ [`GET ${JOB_URL}`]: { body: job({ state }) } });
    renderPage();
    await loaded();
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByText('Der Heizkörper im Bad tropft seit Montag.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
