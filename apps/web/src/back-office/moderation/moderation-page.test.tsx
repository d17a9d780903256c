import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type Call } from '@/test/fetch-mock';
import type { ModerationComment, ModerationMessage, ReportedItem } from '../api/types';
import { page, renderAdmin } from '../test-utils';
import ModerationPage from './moderation-page';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000 - 60_000).toISOString();

function post(id: number, text: string, extra: Partial<ModerationMessage> = {}): ModerationMessage {
  return {
    id,
    text,
    status: 'pending',
    created_at: hoursAgo(3),
    location_id: 1,
    location_title: 'Haus Nord',
    user_name: 'Anna Alt',
    apartment_number: '1-01',
    rejection_reason: null,
    documents: [],
    ...extra,
  };
}

const messagesUrl = 'GET /api/admin/messages/?page=1&page_size=25&status=pending';
const commentsUrl = 'GET /api/admin/comments/?page=1&page_size=25&status=pending';
const reportsUrl = 'GET /api/admin/reports/?page=1&page_size=25&status=open';
const summaryUrl = 'GET /api/admin/moderation/summary/';

/** A small stateful server: decided items leave the pending lists, as on the real API. */
function server({
  messages = [] as ModerationMessage[],
  comments = [] as ModerationComment[],
  reports = [] as ReportedItem[],
  routes = {} as Parameters<typeof mockFetch>[0],
} = {}) {
  let pending = [...messages];
  let pendingComments = [...comments];
  let open = [...reports];
  const summary = () => ({
    body: {
      pending_messages: pending.length,
      pending_comments: pendingComments.length,
      open_reports: open.length,
      total: pending.length + pendingComments.length + open.length,
    },
  });
  const decideMessage = (id: number) => (call: Call) => {
    pending = pending.filter((m) => m.id !== id);
    return { body: { id, status: (call.body as { status: string }).status } };
  };
  const calls = mockFetch({
    [messagesUrl]: () => ({ body: page(pending) }),
    [commentsUrl]: () => ({ body: page(pendingComments) }),
    [reportsUrl]: () => ({ body: page(open) }),
    [summaryUrl]: summary,
    ...Object.fromEntries(messages.map((m) => [`PUT /api/admin/messages/${m.id}/moderation/`, decideMessage(m.id)])),
    ...Object.fromEntries(
      comments.map((c) => [
        `PUT /api/admin/comments/${c.id}/moderation/`,
        () => {
          pendingComments = pendingComments.filter((x) => x.id !== c.id);
          return { body: { id: c.id, status: 'approved' } };
        },
      ]),
    ),
    'POST /api/admin/moderation/bulk/': (call) => {
      const items = (call.body as { items: { kind: string; id: number }[] }).items;
      pending = pending.filter((m) => !items.some((i) => i.kind === 'message' && i.id === m.id));
      return { body: { approved: items.length } };
    },
    'POST /api/admin/reports/decision/': (call) => {
      const body = call.body as { kind: string; id: number; decision: string };
      open = open.filter((r) => !(r.kind === body.kind && r.id === body.id));
      return { body: { kind: body.kind, id: body.id, decision: body.decision } };
    },
    ...routes,
  });
  return calls;
}

describe('moderation screen', () => {
  it('lists pending posts with waiting time, location, thumbnails and PDF links, and the tab counts', async () => {
    server({
      messages: [
        post(1, 'Flohmarkt im Hof am Samstag', {
          documents: [
            {
              id: 4,
              name: 'hof.jpg',
              kind: 'image',
              document: '/media/hof.jpg?sig=1',
              thumbnail: '/media/hof-thumb.jpg?sig=1',
            },
            { id: 5, name: 'plan.pdf', kind: 'pdf', document: '/media/plan.pdf?sig=1', thumbnail: null },
          ],
        }),
        post(2, 'Wer hat meinen Schlüssel gefunden?', { created_at: hoursAgo(0.5) }),
      ],
    });
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    const table = await screen.findByRole('table', { name: 'Beiträge' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Flohmarkt im Hof am Samstag');
    expect(rows[0]).toHaveTextContent('wartet seit 3 Std.');
    expect(rows[0]).toHaveTextContent('Haus Nord');
    expect(rows[0]).toHaveTextContent('Wohnung 1-01');
    expect(rows[1]).toHaveTextContent('wartet seit 31 Min.');
    expect(within(rows[0]!).getByRole('img', { name: 'Bild: hof.jpg' })).toHaveAttribute(
      'src',
      '/media/hof-thumb.jpg?sig=1',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'PDF öffnen: plan.pdf' })).toHaveAttribute(
      'href',
      '/media/plan.pdf?sig=1',
    );
    expect(await screen.findByRole('tab', { name: 'Beiträge 2' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Kommentare 0' })).toBeInTheDocument();
  });

  it("approves a post with 'Freigeben': it leaves the list and the count drops", async () => {
    const calls = server({ messages: [post(1, 'Hallo Nachbarn'), post(2, 'Suche Bohrmaschine')] });
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    await screen.findByRole('tab', { name: 'Beiträge 2' });
    await user.click(await screen.findByRole('button', { name: /^Freigeben: Beitrag von Anna Alt: Hallo Nachbarn/ }));
    await waitFor(() => expect(screen.queryByText('Hallo Nachbarn')).not.toBeInTheDocument());
    expect(screen.getByText('Suche Bohrmaschine')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/admin/messages/1/moderation/', body: { status: 'approved' } });
    expect(await screen.findByRole('tab', { name: 'Beiträge 1' })).toBeInTheDocument();
  });

  it("moves the focus on to the next post after 'Freigeben' with the keyboard, and to 'Keine Einträge' after the last", async () => {
    server({ messages: [post(1, 'Hallo Nachbarn'), post(2, 'Suche Bohrmaschine')] });
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    (await screen.findByRole('button', { name: /^Freigeben: Beitrag von Anna Alt: Hallo Nachbarn/ })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Hallo Nachbarn')).not.toBeInTheDocument());
    // The row that took its place: a keyboard user goes on with the next decision.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /^Freigeben: Beitrag von Anna Alt: Suche Bohrmaschine/ }),
      ).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Keine Einträge')).toHaveFocus());
  });

  it("asks for a required 'Begründung' before rejecting and sends it", async () => {
    const calls = server({ messages: [post(1, 'Werbung für Kredite')] });
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    await user.click(await screen.findByRole('button', { name: /^Ablehnen: Beitrag von Anna Alt/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag ablehnen' });
    const submit = within(dialog).getByRole('button', { name: 'Ablehnen' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Begründung' }), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Begründung' }), 'Werbung ist nicht erlaubt.');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByText('Werbung für Kredite')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 'rejected',
      rejection_reason: 'Werbung ist nicht erlaubt.',
    });
  });

  it("shows the server's German refusal of a rejection inside the dialog", async () => {
    server({
      messages: [post(1, 'Text')],
      routes: {
        'PUT /api/admin/messages/1/moderation/': {
          status: 400,
          body: { rejection_reason: ['Bitte geben Sie eine Begründung an.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    await user.click(await screen.findByRole('button', { name: /^Ablehnen:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag ablehnen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Begründung' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Bitte geben Sie eine Begründung an.')).toBeInTheDocument();
    expect(screen.getByText('Text')).toBeInTheDocument();
  });

  it("approves the selected posts at once with 'Ausgewählte freigeben'", async () => {
    const calls = server({ messages: [post(1, 'Eins'), post(2, 'Zwei'), post(3, 'Drei')] });
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    const bulk = await screen.findByRole('button', { name: 'Ausgewählte freigeben' });
    await screen.findByText('Eins');
    expect(bulk).toBeDisabled();
    const boxes = screen.getAllByRole('checkbox', { name: 'Beitrag von Anna Alt auswählen' });
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    expect(screen.getByText('2 ausgewählt')).toBeInTheDocument();
    await user.click(bulk);
    await waitFor(() => expect(screen.queryByText('Eins')).not.toBeInTheDocument());
    expect(screen.queryByText('Drei')).not.toBeInTheDocument();
    expect(screen.getByText('Zwei')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/moderation/bulk/')!.body).toEqual({
      items: [
        { kind: 'message', id: 1 },
        { kind: 'message', id: 3 },
      ],
      status: 'approved',
    });
  });

  it('shows pending comments with the text of their post and filters by the chosen location', async () => {
    const comment: ModerationComment = {
      id: 8,
      text: 'Ich komme gern!',
      rejection_reason: null,
      status: 'pending',
      created_at: hoursAgo(26),
      location_id: 2,
      location_title: 'Haus Süd',
      user_name: 'Ben Berg',
      apartment_number: '2-05',
      message: { id: 3, text: 'Sommerfest am Freitag', user_name: 'Anna Alt' },
    };
    const calls = server({
      routes: {
        'GET /api/admin/comments/?page=1&page_size=25&status=pending&location_id=2': { body: page([comment]) },
        'GET /api/admin/moderation/summary/?location_id=2': {
          body: { pending_messages: 0, pending_comments: 1, open_reports: 0, total: 1 },
        },
      },
    });
    renderAdmin(<ModerationPage />, { path: '/admin/moderation?tab=comments&location_id=2' });
    const table = await screen.findByRole('table', { name: 'Kommentare' });
    expect(table).toHaveTextContent('Ich komme gern!');
    expect(table).toHaveTextContent('Sommerfest am Freitag');
    expect(table).toHaveTextContent('wartet seit 1 Tag');
    expect(calls.some((c) => c.url.startsWith('/api/admin/messages/'))).toBe(false);
  });

  it("groups reports per item with reasons, and removes with a reason or keeps with 'Belassen'", async () => {
    const reported = (id: number, text: string): ReportedItem => ({
      kind: 'message',
      id,
      text,
      user_name: 'Carla Chaos',
      location_id: 1,
      location_title: 'Haus Nord',
      message_id: null,
      item_status: 'hidden',
      report_count: 3,
      reasons: [
        { reason: 'beleidigend', text: 'Sehr unfreundlich', created_at: hoursAgo(5) },
        { reason: 'spam', text: '', created_at: hoursAgo(4) },
      ],
      first_reported_at: hoursAgo(5),
    });
    const calls = server({ reports: [reported(11, 'Alle hier sind doof'), reported(12, 'Kauft meine Uhren')] });
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation?tab=reports' });
    const table = await screen.findByRole('table', { name: 'Gemeldete Inhalte' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Beleidigend: Sehr unfreundlich');
    expect(first).toHaveTextContent('Spam');
    expect(first).toHaveTextContent('3');
    expect(first).toHaveTextContent('Ausgeblendet');

    await user.click(within(first).getByRole('button', { name: /^Entfernen:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Gemeldeten Inhalt entfernen' });
    expect(within(dialog).getByRole('button', { name: 'Entfernen' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Begründung' }), 'Beleidigung.');
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.queryByText('Alle hier sind doof')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Belassen: Beitrag von Carla Chaos: Kauft/ }));
    expect(await screen.findByText('Keine Einträge')).toBeInTheDocument();
    const decisions = calls.filter((c) => c.url === '/api/admin/reports/decision/').map((c) => c.body);
    expect(decisions).toEqual([
      { kind: 'message', id: 11, decision: 'remove', reason: 'Beleidigung.' },
      { kind: 'message', id: 12, decision: 'keep' },
    ]);
  });

  it('moves between the tabs with the arrow keys', async () => {
    server();
    const user = userEvent.setup();
    renderAdmin(<ModerationPage />, { path: '/admin/moderation' });
    const posts = await screen.findByRole('tab', { name: /Beiträge/ });
    posts.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Kommentare/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /Kommentare/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('url')).toHaveTextContent('tab=comments');
    expect(await screen.findByRole('tabpanel')).toHaveAccessibleName(/Kommentare/);
  });
});
