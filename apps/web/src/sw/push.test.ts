import { describe, expect, it, vi } from 'vitest';
import { notificationFromPush, openTarget, targetUrl } from './push';

const ORIGIN = 'https://haus.example.org';

describe('the service worker and a push', () => {
  it('shows the title, body and tag of the payload and keeps the route for the click', () => {
    const { title, options } = notificationFromPush(
      JSON.stringify({
        title: 'Neuer Beitrag auf der Pinnwand',
        body: 'Anna: Flohmarkt',
        url: '/messages/view/7',
        tag: 'hp-posts',
      }),
    );
    expect(title).toBe('Neuer Beitrag auf der Pinnwand');
    expect(options).toMatchObject({
      body: 'Anna: Flohmarkt',
      tag: 'hp-posts',
      lang: 'de',
      data: { url: '/messages/view/7' },
    });
  });

  it('shows the push in the language the server wrote it in, right to left for Arabic', () => {
    const push = (extra: object) =>
      notificationFromPush(JSON.stringify({ title: 'x', body: 'y', url: '/', tag: 'hp-1', ...extra })).options;
    expect(push({ lang: 'tr' })).toMatchObject({ lang: 'tr', dir: 'auto' });
    expect(push({ lang: 'ar', dir: 'rtl' })).toMatchObject({ lang: 'ar', dir: 'rtl' });
    // Pushes queued before the server named a language were German; an unknown one is not passed on.
    expect(push({})).toMatchObject({ lang: 'de', dir: 'auto' });
    expect(push({ lang: 'x-evil', dir: 'sideways' })).toMatchObject({ lang: 'de', dir: 'auto' });
  });

  it('still shows something for a payload that is not JSON or lacks fields', () => {
    expect(notificationFromPush('Hallo').title).toBe('Hausportal');
    expect(notificationFromPush('Hallo').options.body).toBe('Hallo');
    expect(notificationFromPush('{}').options.data).toEqual({ url: '/' });
  });

  it('opens only routes of its own origin', () => {
    expect(targetUrl({ url: '/messages/view/7' }, ORIGIN)).toBe(`${ORIGIN}/messages/view/7`);
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 42, undefined])
      expect(targetUrl({ url }, ORIGIN), String(url)).toBe(`${ORIGIN}/`);
    expect(targetUrl(null, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('sends an open window of the app to the route, or opens a new one', async () => {
    const open = {
      url: `${ORIGIN}/phones`,
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
    const other = { url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn() };
    const clients = { matchAll: vi.fn(async () => [other, open]), openWindow: vi.fn(async () => null) };
    await openTarget({ url: '/messages/view/7' }, clients, ORIGIN);
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/messages/view/7`);
    expect(open.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();

    clients.matchAll.mockResolvedValueOnce([other]);
    await openTarget({ url: '/requests' }, clients, ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/requests`);
  });
});
