// What the service worker makes of a push (sw.ts); plain functions, so unit tests can check them.

/** The payload the server sends (apps/server/src/outbox/push-outbox.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  /** The language the server wrote it in: the recipient's; 'rtl' for Arabic. */
  lang: string;
  dir?: 'rtl';
}

const FALLBACK_TITLE = 'Hausportal';
/** A plain language tag ('tr', 'pt-BR'); the worker does not import the contract, to stay small. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** The notification for a push's text; a payload that is not ours still shows something sensible. */
export function notificationFromPush(text: string): { title: string; options: NotificationOptions } {
  let p: Partial<PushPayload> = {};
  try {
    p = JSON.parse(text) as Partial<PushPayload>;
  } catch {
    p = { body: text };
  }
  return {
    title: typeof p.title === 'string' && p.title ? p.title : FALLBACK_TITLE,
    options: {
      body: typeof p.body === 'string' ? p.body : '',
      // The same tag replaces the earlier notification (a bundle, or a push sent twice after a crash).
      tag: typeof p.tag === 'string' ? p.tag : undefined,
      icon: '/app-icons/icon-192.png',
      badge: '/app-icons/badge-96.png',
      // The system reads and lays out the text in its language (a screen reader's voice, Arabic
      // right to left); German when a payload names none, as pushes queued before it did.
      lang: typeof p.lang === 'string' && LANGUAGE_TAG.test(p.lang) ? p.lang : 'de',
      dir: p.dir === 'rtl' ? 'rtl' : 'auto',
      data: { url: typeof p.url === 'string' ? p.url : '/' },
    },
  };
}

/** Where a click on a notification leads: its route on this origin, never another site. */
export function targetUrl(data: unknown, origin: string): string {
  const raw = (data as { url?: unknown } | null)?.url;
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return `${origin}/`;
  const url = new URL(raw, origin);
  return url.origin === origin ? url.href : `${origin}/`;
}

/** The part of `self.clients` the click needs (a test passes its own). */
export interface WindowClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}
export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * A click on a notification: an open window of the app goes to the notification's route and comes
 * to the front; without one, a new window opens there.
 */
export async function openTarget(data: unknown, clients: WindowClients, origin: string): Promise<void> {
  const url = targetUrl(data, origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  await open.navigate(url).catch(() => undefined);
  await open.focus().catch(() => undefined);
}
