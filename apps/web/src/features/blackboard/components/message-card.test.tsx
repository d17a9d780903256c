import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Message } from '@hausportal/contract';
import { renderWithApp } from '@/test/render';
import { MessageCard } from './message-card';

const message: Message = {
  id: 4,
  text: 'Nachbarschaft'.repeat(15),
  created_at: '2026-05-01T10:15:00Z',
  user_name: 'Günther Groß',
  user_image: null,
  documents: [],
  like_count: 3,
  comment_count: 2,
  self_liked: false,
  self_commented: false,
  status: 'approved',
  rejection_reason: null,
};

function setWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('message card', () => {
  it('cuts the text at 150 characters and links to the post', () => {
    setWide(false);
    const { container } = renderWithApp(<MessageCard message={message} showCounts={false} />);
    const link = screen.getByRole('link', { name: /Nachbarschaft/ });
    expect(link).toHaveAttribute('href', '/messages/view/4');
    expect(link.textContent).toHaveLength(151);
    expect(link.textContent?.endsWith('…')).toBe(true);
    expect(screen.getByText('01.05.2026, 12:15')).toBeInTheDocument();
    expect(container.querySelector('img.avatar')).toHaveAttribute('src', '/default-avatar.svg');
  });

  it("dates a post of today 'heute, 16:48' and one of yesterday 'gestern, …', the day first", () => {
    setWide(false);
    vi.useFakeTimers({ now: new Date('2026-12-07T18:00:00Z'), toFake: ['Date'] });
    try {
      const { unmount } = renderWithApp(
        <MessageCard message={{ ...message, created_at: '2026-12-07T15:48:00Z' }} showCounts={false} />,
      );
      expect(screen.getByText('heute, 16:48')).toBeInTheDocument();
      unmount();
      renderWithApp(<MessageCard message={{ ...message, created_at: '2026-12-06T07:05:00Z' }} showCounts={false} />);
      expect(screen.getByText('gestern, 08:05')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows counts with the labels Likes and Kommentare on wide screens', () => {
    setWide(true);
    renderWithApp(<MessageCard message={message} showCounts />);
    expect(screen.getByText('Likes')).toBeVisible();
    expect(screen.getByText('Kommentare')).toBeVisible();
    expect(screen.getByRole('link', { name: '2 Kommentare' })).toHaveAttribute('href', '/messages/view/4#newComment');
  });

  it("speaks in the singular for one: '1 Like', '1 Kommentar'", () => {
    setWide(true);
    renderWithApp(<MessageCard message={{ ...message, like_count: 1, comment_count: 1 }} showCounts />);
    expect(screen.getByRole('link', { name: '1 Like' })).toHaveAttribute('href', '/messages/view/4');
    expect(screen.getByRole('link', { name: '1 Kommentar' })).toBeInTheDocument();
  });

  it('shows a placeholder where a photo cannot load, and the whole photo otherwise', () => {
    setWide(false);
    const photo = { id: 7, kind: 'image', name: 'Hof', document: '/m/hof.jpg', thumbnail: '/m/hof-t.jpg' };
    const { container } = renderWithApp(
      <MessageCard message={{ ...message, documents: [photo as Message['documents'][number]] }} showCounts={false} />,
    );
    const img = container.querySelector('.attachment-thumb img')!;
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
    fireEvent.error(img);
    expect(screen.getByRole('button', { name: 'Bild Hof öffnen' })).toHaveTextContent('Foto nicht verfügbar');
    expect(container.querySelector('.attachment-thumb img')).toBeNull();
  });

  it('shows only the numbers on narrow screens', () => {
    setWide(false);
    const { container } = renderWithApp(<MessageCard message={message} showCounts />);
    expect(container.querySelector('.count-label')).toBeNull();
    expect(container.querySelector('.counts')).toHaveTextContent('3');
  });

  it('shows no counts to residents', () => {
    setWide(true);
    renderWithApp(<MessageCard message={message} showCounts={false} />);
    expect(screen.queryByText('Likes')).not.toBeInTheDocument();
  });

  it("marks the author's pending post 'In Prüfung' and a rejected one with its reason", () => {
    setWide(false);
    const { rerender } = renderWithApp(<MessageCard message={{ ...message, status: 'pending' }} showCounts />);
    expect(screen.getByText('In Prüfung')).toBeInTheDocument();
    rerender(<></>);
    renderWithApp(<MessageCard message={{ ...message, status: 'rejected', rejection_reason: 'Werbung' }} showCounts />);
    expect(screen.getByText('Abgelehnt')).toBeInTheDocument();
    expect(screen.getByText('Begründung: Werbung')).toBeInTheDocument();
  });
});
