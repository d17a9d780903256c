/**
 * The server sends a push only to a browser push service, never to an address a client made up
 * (SSRF, ADR 016): the endpoint must be https on one of these hosts or their subdomains, or an
 * origin named in PUSH_ENDPOINT_ALLOWLIST (tests open a loopback endpoint that way).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'android.googleapis.com',
  'push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  'notify.windows.com', // Edge on Windows (*.notify.windows.com)
  'push.apple.com', // Safari (web.push.apple.com)
];

export function pushEndpointAllowed(endpoint: string, allowlist: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (allowlist.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The parts of a browser PushSubscription the server needs; null when `raw` is not one. */
export function parseSubscription(raw: string): { endpoint: string; keys: { p256dh: string; auth: string } } | null {
  try {
    const s = JSON.parse(raw) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    if (typeof s.endpoint !== 'string' || typeof s.keys?.p256dh !== 'string' || typeof s.keys?.auth !== 'string')
      return null;
    return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
  } catch {
    return null;
  }
}
