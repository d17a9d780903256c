import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Message } from '@hausportal/contract';
import { renderWithApp } from '@/test/render';
import { Attachments } from './attachments';

const photo = {
  id: 7,
  kind: 'image',
  name: 'Hof',
  document: '/api/media/hof.jpg',
  thumbnail: '/api/media/hof-t.jpg',
} as Message['documents'][number];

/** jsdom lays nothing out, so its body is 0 px wide; the test gives it a width. */
function setBodyWidth(px: number) {
  Object.defineProperty(document.body, 'clientWidth', { configurable: true, value: px });
}

afterEach(() => {
  // Back to jsdom's own getter on the prototype.
  delete (document.body as { clientWidth?: number }).clientWidth;
  vi.restoreAllMocks();
});

describe('attachments', () => {
  it('opens a photo in the gallery modal when the body is wider than 500 px', async () => {
    setBodyWidth(501);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithApp(<Attachments documents={[photo]} size="large" />);
    fireEvent.click(screen.getByRole('button', { name: 'Bild Hof öffnen' }));
    const gallery = await screen.findByRole('dialog');
    expect(gallery.querySelector('img[src="/api/media/hof.jpg"]')).not.toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the photo in a new tab instead when the body is 500 px wide or narrower', async () => {
    setBodyWidth(500);
    // Loaded beforehand, so that a gallery opened by mistake would show within the wait below.
    await import('@/components/ui/gallery');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithApp(<Attachments documents={[photo]} size="large" />);
    fireEvent.click(screen.getByRole('button', { name: 'Bild Hof öffnen' }));
    expect(open).toHaveBeenCalledWith('/api/media/hof.jpg', '_blank', 'noopener,noreferrer');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
