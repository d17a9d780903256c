// The browser's side of Web Push, shared by the residents' profile and the back office: whether
// the device can, asking for permission, subscribing with the server's VAPID key, ending it.

/** What this device can do about push: not at all, blocked by the person, not asked yet, or allowed. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

/** The VAPID key as pushManager.subscribe() wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker once it is active; it may still be installing on a first visit. */
async function readyRegistration(timeoutMs: number): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no service worker')), timeoutMs))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks for permission (only now, on the person's tap) and subscribes with the server's VAPID key.
 * Resolves to the subscription as JSON (what `POST /api/fcm/token/` takes), or to the permission
 * the browser gave instead.
 */
export async function subscribeToPush(
  vapidKey: () => Promise<string>,
  timeoutMs = 15_000,
): Promise<{ json: string } | { refused: PushSupport }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { refused: permission };
  const registration = await readyRegistration(timeoutMs);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await vapidKey()),
    }));
  return { json: JSON.stringify(subscription) };
}

/** The subscription the browser holds for this site, or null (no service worker, none, or an error). */
export async function heldPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return (await registration?.pushManager?.getSubscription().catch(() => null)) ?? null;
}

/** Ends the browser's subscription (the server's record is the caller's to delete); never throws. */
export async function endPushSubscription(): Promise<void> {
  await (await heldPushSubscription())?.unsubscribe().catch(() => false);
}
