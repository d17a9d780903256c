import { afterEach, describe, expect, it, vi } from 'vitest';

/** The app's modules as a fresh page load evaluates them, with `content` in the application-name meta. */
async function loadWith(content: string | null) {
  document.head.querySelectorAll('meta[name="application-name"]').forEach((m) => m.remove());
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = content;
    document.head.append(meta);
  }
  vi.resetModules();
  const { config } = await import('./config');
  const { i18next } = await import('./i18n');
  // The thank-you texts load with the screens that write posts (i18n/posts.ts).
  (await import('./i18n/posts')).registerPostStrings();
  return { config, t: i18next.t.bind(i18next) };
}

afterEach(() => document.head.querySelectorAll('meta[name="application-name"]').forEach((m) => m.remove()));

describe('product name', () => {
  it('is the APP_NAME the server wrote into index.html', async () => {
    const { config, t } = await loadWith('Wohnportal Nord');
    expect(config.productName).toBe('Wohnportal Nord');
    // The thank-you texts name who reviews a post, the Hausverwaltung, not the product (issue 33).
    expect(t('newMessage.thanks')).toBe(
      'Danke! Die Hausverwaltung prüft Ihren Beitrag, meist innerhalb von 1–2 Werktagen. Sie bekommen Bescheid, sobald er erscheint.',
    );
    expect(t('detail.commentThanks')).toBe(
      'Danke! Die Hausverwaltung prüft Ihren Kommentar, meist innerhalb von 1–2 Werktagen. Sie bekommen Bescheid, sobald er erscheint.',
    );
    expect(t('app.name')).toBe('Wohnportal Nord');
  });

  it('falls back to Hausportal without a server (no meta, or the marker not filled in)', async () => {
    expect((await loadWith(null)).config.productName).toBe('Hausportal');
    expect((await loadWith('%APP_NAME%')).config.productName).toBe('Hausportal');
  });
});

describe('API host', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  /** The config and API client as a build with the given environment evaluates them. */
  async function buildWith(apiUrl: string | undefined) {
    // Undefined removes it, whatever the shell running the tests has set.
    vi.stubEnv('VITE_API_URL', apiUrl);
    vi.resetModules();
    const { config } = await import('./config');
    const { api } = await import('./lib/api-client');
    const { mockFetch } = await import('./test/fetch-mock');
    return { config, api, mockFetch };
  }

  it('is the same origin by default, so every call goes to /api/ of the server that serves the app', async () => {
    const { config, api, mockFetch } = await buildWith(undefined);
    expect(config.apiHost).toBe('');
    const calls = mockFetch({ 'GET /api/location/': { body: {} } });
    await api.get('/api/location/');
    expect(calls.map((c) => c.url)).toEqual(['/api/location/']);
  });

  it('is the API URL set at build time (VITE_API_URL) when there is one', async () => {
    const { config, api, mockFetch } = await buildWith('https://api.example.org');
    expect(config.apiHost).toBe('https://api.example.org');
    const calls = mockFetch({ 'GET https://api.example.org/api/location/': { body: {} } });
    await api.get('/api/location/');
    expect(calls.map((c) => c.url)).toEqual(['https://api.example.org/api/location/']);
  });
});
