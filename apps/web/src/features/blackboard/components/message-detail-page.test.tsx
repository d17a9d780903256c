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
