import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Message } from '@hausportal/contract';
import { makeStore } from '@/app/store';
import { fetchMessages } from '../slice';
import { mockFetch, setOnline } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import MessageDetailPage from './message-detail-page';

const message: Message = {
  id: 5,
  text: 'Sommerfest im Innenhof!\n\nAm Samstag ab 15 Uhr.\nBringt Salat mit.',
  created_at: '2026-05-01T10:15:00Z',
  user_name: 'Günther Groß',
  user_image: null,
  documents: [],
  like_count: 3,
  comment_count: 0,
  self_liked: false,
  self_commented: false,
  status: 'approved',
  rejection_reason: null,
};

const page = (results: Message[]) => ({ count: results.length, next: null, previous: null, results, page: 1 });

/** The detail page of post 5, with `held` already on the blackboard page in the store. */
function renderDetail(held: Message[] = [message]) {
  const store = makeStore({ persist: false });
  store.dispatch(fetchMessages.fulfilled(page(held), 'seed', 1));
  const result = renderWithApp(<MessageDetailPage />, {
    path: '/messages/view/5',
    pattern: '/messages/view/:messageId',
    store,
  });
  return { ...result, store };
}

let style: HTMLStyleElement;

beforeEach(() => {
  style = document.createElement('style');
  // The app's own style sheet (vitest hands CSS imports over empty), so computed styles are the browser's.
  style.textContent = readFileSync(`${import.meta.dirname}/../../../styles/global.css`, 'utf8');
  document.head.append(style);
});

afterEach(() => {
  style.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('post detail', () => {
  it('shows the default sender image when the post has no user_image', () => {
    setOnline(false);
    const { container } = renderDetail();
    const sender = container.querySelector('.message-detail .sender img.avatar');
    expect(sender).toHaveAttribute('src', '/default-avatar.svg');
  });

  it("shows the sender's own image when the post has one", () => {
    setOnline(false);
    const { container } = renderDetail([{ ...message, user_image: '/api/media/avatars/g.jpg' }]);
    expect(container.querySelector('.message-detail .sender img.avatar')).toHaveAttribute(
      'src',
      '/api/media/avatars/g.jpg',
    );
  });

  it('keeps the line breaks of the post text', () => {
    setOnline(false);
    renderDetail();
    const body = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === message.text);
    // The text arrives whole, with its breaks, and the style sheet lets the browser show them.
    expect(getComputedStyle(body).whiteSpace).toBe('pre-line');
  });

  it('ignores a failed detail fetch: the post from the blackboard page stays, with no error', async () => {
    const calls = mockFetch({
      'GET /api/messages/5/': { status: 500, body: { detail: 'Interner Serverfehler.' } },
      'GET /api/messages/5/comments/?page_size=100': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    const { store } = renderDetail();
    await waitFor(() => expect(store.getState().messages.missing).toContain(5));
    expect(calls.map((c) => c.url)).toContain('/api/messages/5/');
    expect(screen.getByText('Bringt Salat mit.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Dieser Beitrag wurde nicht gefunden.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Nothing reaches the messages' error field, which reports the blackboard page's own load.
    expect(store.getState().messages.error).toBeNull();
    expect(store.getState().messages.results).toEqual([message]);
  });
});

// After 'Inhalt melden', the post or comment shows 'Gemeldet' and cannot be reported again,
// also after a reload (the server lists the resident's reports about the post).
describe("'Gemeldet'", () => {
  const comment = {
    id: 31,
    text: 'Unfreundlicher Kommentar',
    created_at: '2026-05-01T11:00:00Z',
    user_name: 'Rolf Rüpel',
    user_image: null,
    status: 'approved',
    rejection_reason: null,
  };
  const routes = (reports: object[]) => ({
    'GET /api/messages/5/': { body: message },
    'GET /api/messages/5/comments/?page_size=100': {
      body: { count: 1, next: null, previous: null, results: [comment] },
    },
    'GET /api/reports/?message_id=5&page_size=100': {
      body: { count: reports.length, next: null, previous: null, results: reports },
    },
    'POST /api/messages/5/report/': {
      status: 201,
      body: { id: 1, status: 'open', detail: 'Danke für Ihren Hinweis.' },
    },
  });

  it('shows what the resident reported before, from the server, instead of the button', async () => {
    setOnline(true);
    mockFetch(routes([{ id: 9, kind: 'comment', target_id: 31, message_id: 5 }]));
    renderDetail();
    const item = (await screen.findByText('Unfreundlicher Kommentar')).closest('li')!;
    await waitFor(() => expect(item).toHaveTextContent('Gemeldet'));
    expect(item.querySelector('button.report-button')).toBeNull();
    // The post itself was not reported: its 'Inhalt melden' stays.
    expect(document.querySelector('.message-detail button.report-button')).not.toBeNull();
  });

  it("turns 'Inhalt melden' into 'Gemeldet' after a report and puts the focus on it", async () => {
    setOnline(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(routes([]));
    renderDetail();
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const post = document.querySelector('.message-detail')!;
    await user.click(post.querySelector('button.report-button')!);
    await user.click(screen.getByRole('radio', { name: /Spam/i }));
    await user.click(screen.getByRole('button', { name: 'Hinweis senden' }));
    await waitFor(() => expect(post.querySelector('.tag-reported')).toHaveTextContent('Gemeldet'));
    expect(post.querySelector('button.report-button')).toBeNull();
    expect(document.activeElement).toBe(post.querySelector('.tag-reported'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    vi.useRealTimers();
  });
});

// Every 'Inhalt melden' says what it reports, so a list of buttons is not a list of identical
// 'Inhalt melden'; the visible words stay, and the name starts with them (WCAG 2.5.3).
describe("the names of the 'Inhalt melden' buttons", () => {
  const byRolf = (id: number, at: string, text: string) => ({
    id,
    text,
    created_at: at,
    user_name: 'Rolf Rüpel',
    user_image: null,
    status: 'approved',
    rejection_reason: null,
  });
  const comments = [
    byRolf(31, '2026-05-01T11:00:00Z', 'Erster Kommentar'),
    byRolf(32, '2026-05-01T12:30:00Z', 'Zweiter Kommentar'),
    { ...byRolf(33, '2026-05-02T08:05:00Z', 'Dritter Kommentar'), user_name: 'Ina Ilse' },
  ];
  const routes = {
    'GET /api/messages/5/': { body: message },
    'GET /api/messages/5/comments/?page_size=100': {
      body: { count: comments.length, next: null, previous: null, results: comments },
    },
    'GET /api/reports/?message_id=5&page_size=100': { body: { count: 0, next: null, previous: null, results: [] } },
  };

  it('names the post and each comment by author (and a comment by its time), all different', async () => {
    setOnline(true);
    mockFetch(routes);
    renderDetail();
    await screen.findByText('Dritter Kommentar');
    const buttons = await screen.findAllByRole('button', { name: /melden/i });
    const names = buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual([
      'Inhalt melden: Beitrag von Günther Groß',
      'Inhalt melden: Kommentar von Rolf Rüpel (01.05.2026, 13:00)',
      'Inhalt melden: Kommentar von Rolf Rüpel (01.05.2026, 14:30)',
      'Inhalt melden: Kommentar von Ina Ilse (02.05.2026, 10:05)',
    ]);
    expect(new Set(names).size).toBe(names.length);
    // What the eye sees is 'Inhalt melden'.
    for (const button of buttons) expect(button).toHaveTextContent(/^Inhalt melden$/);
    expect(screen.getByRole('button', { name: 'Inhalt melden: Kommentar von Ina Ilse (02.05.2026, 10:05)' })).toBe(
      buttons[3],
    );
  });

  it('names an item whose author is not shown by its time', async () => {
    setOnline(true);
    mockFetch({ ...routes, 'GET /api/messages/5/': { body: { ...message, user_name: '' } } });
    renderDetail([{ ...message, user_name: '' }]);
    expect(
      await screen.findByRole('button', { name: 'Inhalt melden: Beitrag vom 01.05.2026, 12:15' }),
    ).toBeInTheDocument();
  });

  it('sending without a reason shows the message at the reasons and puts the focus there', async () => {
    setOnline(true);
    const calls = mockFetch(routes);
    renderDetail();
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Inhalt melden: Beitrag von Günther Groß' }));
    const dialog = screen.getByRole('dialog', { name: 'Inhalt melden' });
    await user.click(within(dialog).getByRole('button', { name: 'Hinweis senden' }));

    const error = within(dialog).getByText('Bitte wählen Sie einen Grund.');
    const first = within(dialog).getByRole('radio', { name: 'Rechtswidriger Inhalt' });
    expect(document.activeElement).toBe(first);
    expect(first).toHaveAccessibleDescription('Bitte wählen Sie einen Grund.');
    for (const radio of within(dialog).getAllByRole('radio')) {
      expect(radio).toHaveAttribute('aria-invalid', 'true');
      expect(radio.getAttribute('aria-describedby')).toBe(error.id);
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Choosing a reason takes the message away.
    await user.click(within(dialog).getByRole('radio', { name: /Spam/i }));
    expect(within(dialog).queryByText('Bitte wählen Sie einen Grund.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Spam/i })).not.toHaveAttribute('aria-invalid');
  });
});
