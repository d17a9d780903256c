import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

// Issue 22: after 'Melden', the post or comment shows 'Gemeldet' and cannot be reported again,
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
      body: { id: 1, status: 'open', detail: 'Danke für Ihre Meldung.' },
    },
  });

  it('shows what the resident reported before, from the server, instead of the button', async () => {
    setOnline(true);
    mockFetch(routes([{ id: 9, kind: 'comment', target_id: 31, message_id: 5 }]));
    renderDetail();
    const item = (await screen.findByText('Unfreundlicher Kommentar')).closest('li')!;
    await waitFor(() => expect(item).toHaveTextContent('Gemeldet'));
    expect(item.querySelector('button.report-button')).toBeNull();
    // The post itself was not reported: its 'Melden' stays.
    expect(document.querySelector('.message-detail button.report-button')).not.toBeNull();
  });

  it("turns 'Melden' into 'Gemeldet' after a report and puts the focus on it", async () => {
    setOnline(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(routes([]));
    renderDetail();
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const post = document.querySelector('.message-detail')!;
    await user.click(post.querySelector('button.report-button')!);
    await user.click(screen.getByRole('radio', { name: /Spam/i }));
    await user.click(screen.getByRole('button', { name: 'Meldung senden' }));
    await waitFor(() => expect(post.querySelector('.tag-reported')).toHaveTextContent('Gemeldet'));
    expect(post.querySelector('button.report-button')).toBeNull();
    expect(document.activeElement).toBe(post.querySelector('.tag-reported'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    vi.useRealTimers();
  });
});
