import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { pageViewRequest } from './send';

// Off by default (nothing is sent); on, only route patterns leave.

/** The router's navigate, handed out of the tree once it is mounted. */
const router: { go: (to: string) => void } = { go: () => undefined };
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.go = (to) => void navigate(to);
  }, [navigate]);
  return null;
}
const navigate = (to: string) => router.go(to);

/** Renders PageViews (a fresh module, which reads the meta tag as the page has it now) at `path`. */
async function mount(path: string) {
  vi.resetModules();
  const { PageViews } = await import('./page-views');
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageViews />
      <Navigator />
    </MemoryRouter>,
  );
}

const setMeta = (content: object) => {
  const meta = document.createElement('meta');
  meta.name = 'hausportal-analytics';
  meta.content = JSON.stringify(content);
  document.head.append(meta);
};

describe('page views', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    document.head.querySelectorAll('meta[name="hausportal-analytics"]').forEach((m) => m.remove());
    vi.unstubAllGlobals();
  });

  it('sends nothing while the operator has not turned analytics on (the default)', async () => {
    await mount('/messages/view/12');
    await act(async () => navigate('/admin/residents/A-0101'));
    await act(async () => navigate('/tickets/7'));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends one cookieless Plausible page view per address, with the route pattern only', async () => {
    setMeta({ provider: 'plausible', url: 'https://statistik.example.org', site: 'portal.example.org' });
    await mount('/messages/view/12');
    await act(async () => navigate('/messages/view/13'));
    await act(async () => navigate('/aktivieren/ABCD-EFGH-JKLM?x=A-0101'));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));
    const bodies = fetchSpy.mock.calls.map((args) => {
      const [url, init] = args as unknown as [string, RequestInit];
      expect(url).toBe('https://statistik.example.org/api/event');
      expect(init).toMatchObject({ method: 'POST', credentials: 'omit', referrerPolicy: 'no-referrer' });
      return JSON.parse(init.body as string);
    });
    const origin = window.location.origin;
    expect(bodies).toEqual([
      { name: 'pageview', url: `${origin}/messages/view/:id`, domain: 'portal.example.org' },
      { name: 'pageview', url: `${origin}/messages/view/:id`, domain: 'portal.example.org' },
      { name: 'pageview', url: `${origin}/aktivieren/:param`, domain: 'portal.example.org' },
    ]);
    expect(JSON.stringify(fetchSpy.mock.calls)).not.toMatch(/ABCD|A-0101|\b1[23]\b/);
  });

  it('builds a Matomo request without visitor id or cookie parameters', () => {
    const { url, init } = pageViewRequest(
      { provider: 'matomo', url: 'https://matomo.example.org', site: '3' },
      '/admin/residents/:param',
      'https://portal.example.org',
    );
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://matomo.example.org/matomo.php');
    expect(Object.fromEntries([...u.searchParams].filter(([k]) => k !== 'rand'))).toEqual({
      idsite: '3',
      rec: '1',
      apiv: '1',
      send_image: '0',
      url: 'https://portal.example.org/admin/residents/:param',
      action_name: '/admin/residents/:param',
    });
    expect(init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
    expect(init.body).toBeUndefined();
  });

  it("counts nobody whose browser says 'Do Not Track' or sends Global Privacy Control", async () => {
    setMeta({ provider: 'plausible', url: 'https://statistik.example.org', site: 'portal.example.org' });
    for (const [key, value] of [
      ['doNotTrack', '1'],
      ['globalPrivacyControl', true],
    ] as const) {
      Object.defineProperty(navigator, key, { value, configurable: true });
      await mount('/tickets/3');
      await act(async () => navigate('/tickets/4'));
      delete (navigator as unknown as Record<string, unknown>)[key];
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ignores a meta tag it cannot read', async () => {
    setMeta({ provider: 'google', url: 'https://x.example', site: 'a' });
    await mount('/');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
