import webpush from 'web-push';
import type { DB } from '../db/database.js';
import { settingOrCreate } from '../db/settings.js';

/** The VAPID key pair, generated once and kept in the database so every process shares it. */
export async function vapidKeys(db: DB): Promise<{ publicKey: string; privateKey: string }> {
  const value = await settingOrCreate(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(value) as { publicKey: string; privateKey: string };
}
