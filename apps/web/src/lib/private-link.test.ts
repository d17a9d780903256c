import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkIsStale, openPrivateFile } from './private-link';

const link = (exp: number) => `/api/media/documents/abc.pdf?exp=${exp}&sid=3&sig=x`;

describe('private file links', () => {
  afterEach(() => vi.restoreAllMocks());

  it('knows a link that has expired or expires within half a minute', () => {
    const now = 1_800_000_000_000;
    expect(linkIsStale(link(now + 4 * 60_000), now)).toBe(false);
    expect(linkIsStale(link(now + 10_000), now)).toBe(true);
    expect(linkIsStale(link(now - 1), now)).toBe(true);
    expect(linkIsStale('/icons/document.svg', now)).toBe(false);
  });

  it('lets a fresh link open as a normal link', () => {
    const open = vi.spyOn(window, 'open');
    const event = { preventDefault: vi.fn() };
    const fresh = vi.fn();
    openPrivateFile(event, link(Date.now() + 4 * 60_000), fresh);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(fresh).not.toHaveBeenCalled();
  });

  it('opens the tab during the click and sends it to a new link when the old one is stale', async () => {
    const tab = { opener: window, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const event = { preventDefault: vi.fn() };
    const next = link(Date.now() + 5 * 60_000);
    openPrivateFile(event, link(Date.now() - 1000), () => Promise.resolve(next));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await vi.waitFor(() => expect(tab.location.href).toBe(next));
  });

  it('closes the tab and reports when no new link comes', async () => {
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const onError = vi.fn();
    openPrivateFile(
      { preventDefault: vi.fn() },
      link(Date.now() - 60_000),
      () => Promise.reject(new Error('offline')),
      onError,
    );
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(tab.close).toHaveBeenCalled();
  });
});
