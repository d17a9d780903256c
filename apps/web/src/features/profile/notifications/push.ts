import { storageKeys } from '@/config';
import { deletePushToken, postPushToken } from '@/entities/session/api';
import { endPushSubscription, pushSupport, subscribeToPush, type PushSupport } from '@/lib/web-push';
import { fetchVapidKey } from './api';

export { pushSupport, type PushSupport };

/** True when this device's subscription is registered with the server. */
export const pushActive = (): boolean =>
  pushSupport() === 'granted' && Boolean(localStorage.getItem(storageKeys.pushTokenId));

/**
 * 'Benachrichtigungen aktivieren': subscribes (lib/web-push.ts), stores the subscription on the
 * device (the stored pushToken, product §2.4) and registers it with the server. Resolves to the permission.
 */
export async function enablePush(): Promise<PushSupport> {
  const result = await subscribeToPush(fetchVapidKey);
  if ('refused' in result) return result.refused;
  localStorage.setItem(storageKeys.pushToken, result.json);
  localStorage.setItem(storageKeys.pushTokenId, String(await postPushToken(result.json)));
  return 'granted';
}

/** Switches push off on this device: the server forgets the subscription, the browser ends it. */
export async function disablePush(): Promise<void> {
  const id = localStorage.getItem(storageKeys.pushTokenId);
  if (id) await deletePushToken(id);
  localStorage.removeItem(storageKeys.pushTokenId);
  localStorage.removeItem(storageKeys.pushToken);
  await endPushSubscription();
}
