import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Notice } from '@hausportal/contract';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { Notices } from './notices';

function notice(id: number, extra: Partial<Notice> = {}): Notice {
  return {
    id,
    title: `Aushang ${id}`,
    text: 'Erste Zeile\nZweite Zeile',
    important: false,
    created_at: '2026-03-01T09:00:00Z',
    starts_at: null,
    ends_at: null,
    attachments: [],
    opened: false,
    dismissed: false,
    ...extra,
  };
}

/** jsdom lays nothing out: the test says when a card comes into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements = [];
  }
  unobserve() {}
  /** True once an observer watches the card headed `title` (the effect that sets it up has run). */
  static watching(title: string) {
    return FakeObserver.all.some((o) =>
      o.elements.some((e) => within(e as HTMLElement).queryByRole('heading', { name: title })),
    );
  }
  /** Scrolls the card headed `title` into view. */
  static show(title: string) {
    for (const o of FakeObserver.all) {
      const hit = o.elements.filter((e) => within(e as HTMLElement).queryByRole('heading', { name: title }));
      if (hit.length)
        o.callback(
          hit.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
          o as unknown as IntersectionObserver,
        );
    }
  }
}

const opened = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith('/opened/')).map((c) => c.url);

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('notices on the blackboard', () => {
  it('shows the text with its line breaks, Wichtig and the PDFs as links, from the start date', async () => {
    mockFetch({
      'GET /api/notices/': {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [
            notice(1, {
              title: 'Wasser abgestellt',
              important: true,
              starts_at: '2026-03-02T07:00:00Z',
              ends_at: '2099-03-10T22:59:59Z',
              opened: true,
              attachments: [{ id: 4, name: 'Plan.pdf', size: 1200, document: '/api/media/notices/plan.pdf?sig=x' }],
            }),
          ],
        },
      },
    });
    renderWithApp(<Notices />);
    const card = (await screen.findByRole('heading', { name: 'Wasser abgestellt' })).closest('section')!;
    expect(card).toHaveClass('notice-important');
    expect(within(card).getByText('Wichtig')).toBeInTheDocument();
    expect(within(card).getByText(/Erste Zeile/)).toHaveClass('pre-line');
    expect(within(card).getByRole('link', { name: 'PDF Plan.pdf öffnen' })).toHaveAttribute(
      'href',
      '/api/media/notices/plan.pdf?sig=x',
    );
    expect(card).toHaveTextContent('02.03.2026');
    expect(card).toHaveTextContent('gilt bis 10.03.2099');
  });

  it('marks a notice opened once it has been on screen, once, and not one already opened', async () => {
    const calls = mockFetch({
      'GET /api/notices/': {
        body: { count: 2, next: null, previous: null, results: [notice(1), notice(2, { opened: true })] },
      },
      'POST /api/notices/1/opened/': { body: notice(1, { opened: true }) },
    });
    renderWithApp(<Notices />);
    await screen.findByRole('heading', { name: 'Aushang 1' });
    // The heading can be on screen a moment before the effect that observes it has run.
    await waitFor(() => expect(FakeObserver.watching('Aushang 1')).toBe(true));
    expect(opened(calls)).toEqual([]);
    act(() => FakeObserver.show('Aushang 1'));
    act(() => FakeObserver.show('Aushang 2'));
    await waitFor(() => expect(opened(calls)).toEqual(['/api/notices/1/opened/']));
    act(() => FakeObserver.show('Aushang 1'));
    expect(opened(calls)).toEqual(['/api/notices/1/opened/']);
  });

  it('ignores a failed mark and sends it again the next time the notice is shown', async () => {
    let fail = true;
    const calls = mockFetch({
      'GET /api/notices/': { body: { count: 1, next: null, previous: null, results: [notice(7)] } },
      'POST /api/notices/7/opened/': () => (fail ? { status: 503, body: { detail: 'Weg' } } : { body: notice(7) }),
    });
    const first = renderWithApp(<Notices />);
    await screen.findByRole('heading', { name: 'Aushang 7' });
    await waitFor(() => expect(FakeObserver.watching('Aushang 7')).toBe(true));
    act(() => FakeObserver.show('Aushang 7'));
    await waitFor(() => expect(opened(calls)).toHaveLength(1));
    // Nothing for the resident to see: no alert about a mark that did not arrive.
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();

    fail = false;
    renderWithApp(<Notices />);
    await screen.findByRole('heading', { name: 'Aushang 7' });
    await waitFor(() => expect(FakeObserver.watching('Aushang 7')).toBe(true));
    act(() => FakeObserver.show('Aushang 7'));
    await waitFor(() => expect(opened(calls)).toHaveLength(2));
  });
});
