import type { AnalyticsSettings } from './settings';

/**
 * The request of one page view to the operator's Plausible or Matomo: the route pattern on this
 * app's origin, nothing else. No cookie (credentials: 'omit'), no Referer (it would carry the real
 * path), no visitor id; Plausible and Matomo count visitors from address and browser with a
 * daily-changing hash, without storing either.
 */
export function pageViewRequest(
  s: AnalyticsSettings,
  pattern: string,
  origin: string,
): { url: string; init: RequestInit } {
  const page = `${origin}${pattern}`;
  const init: RequestInit = {
    method: 'POST',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    keepalive: true,
    // A 'simple' request: no CORS preflight, and the answer is not needed.
    mode: 'no-cors',
  };
  if (s.provider === 'plausible') {
    // Plausible's Events API (POST /api/event); text/plain as its own script sends it.
    return {
      url: `${s.url}/api/event`,
      init: {
        ...init,
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ name: 'pageview', url: page, domain: s.site }),
      },
    };
  }
  // Matomo's Tracking HTTP API (matomo.php?rec=1) without _id, uid or cookie parameters.
  const params = new URLSearchParams({
    idsite: s.site,
    rec: '1',
    apiv: '1',
    send_image: '0',
    url: page,
    action_name: pattern,
    rand: String(Math.floor(Math.random() * 1e9)),
  });
  return { url: `${s.url}/matomo.php?${params.toString()}`, init };
}

/** Sends one page view; a failure (instance down, blocker) is ignored: it never bothers the user. */
export function sendPageView(s: AnalyticsSettings, pattern: string, origin = window.location.origin): void {
  const { url, init } = pageViewRequest(s, pattern, origin);
  try {
    void fetch(url, init).catch(() => undefined);
  } catch {
    // fetch itself refused (CSP, an old browser): no page view then
  }
}
