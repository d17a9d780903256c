import type { NotificationSettings } from '@hausportal/contract';
import { api } from '@/lib/api-client';

/** GET /api/push/config/: the server's VAPID public key for pushManager.subscribe(). */
export async function fetchVapidKey(): Promise<string> {
  const { public_key } = await api.get<{ public_key: string }>('/api/push/config/');
  return public_key;
}

/** GET /api/profile/notifications/. */
export const fetchSettings = () => api.get<NotificationSettings>('/api/profile/notifications/');

/** PUT /api/profile/notifications/: saves all settings; returns what the server stored. */
export const saveSettings = (settings: NotificationSettings) =>
  api.put<NotificationSettings>('/api/profile/notifications/', settings);
