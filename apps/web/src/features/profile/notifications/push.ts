import { storageKeys } from '@/config';
import { deletePushToken, postPushToken } from '@/entities/session/api';
import { fetchVapidKey } from './api';

/** What this device can do about push: not at all, blocked by the resident, not asked yet, or allowed. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

/** True when this device's subscription is registered with the server. */
export const pushActive = (): boolean =>
  pushSupport() === 'granted' && Boolean(localStorage.getItem(storageKeys.pushTokenId));

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

/** The service worker, once it is active; it may still be installing on a first visit. */
async function readyRegistration(timeoutMs = 15_000): Promise<ServiceWorkerRegistration> {
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
 * 'Benachrichtigungen aktivieren': asks for permission (only now, on the resident's tap),
 * subscribes with the server's VAPID key, stores the subscription on the device (SPEC §4's
 * pushToken) and registers it with the server. Resolves to the permission the browser gave.
 */
export async function enablePush(): Promise<PushSupport> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await readyRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await fetchVapidKey()),
    }));
  const json = JSON.stringify(subscription);
  localStorage.setItem(storageKeys.pushToken, json);
  localStorage.setItem(storageKeys.pushTokenId, String(await postPushToken(json)));
  return 'granted';
}

/** Switches push off on this device: the server forgets the subscription, the browser ends it. */
export async function disablePush(): Promise<void> {
  const id = localStorage.getItem(storageKeys.pushTokenId);
  if (id) await deletePushToken(id);
  localStorage.removeItem(storageKeys.pushTokenId);
  localStorage.removeItem(storageKeys.pushToken);
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
