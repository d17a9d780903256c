import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@hausportal/contract';
import type { DB } from '../../db/database.js';

/**
 * A user's stored preferences over the defaults. A kind added later starts with its default;
 * a stored value that is not a boolean is ignored.
 */
export function readSettings(raw: string | null | undefined): NotificationSettings {
  let stored: Partial<Record<keyof NotificationSettings, unknown>> = {};
  try {
    if (raw) stored = JSON.parse(raw) as typeof stored;
  } catch {
    stored = {};
  }
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  const switches = (channel: 'push' | 'email') => {
    const given = (stored[channel] ?? {}) as Partial<Record<NotificationKind, unknown>>;
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, typeof given[k] === 'boolean' ? given[k] : d[channel][k]]),
    ) as Record<NotificationKind, boolean>;
  };
  return {
    push: switches('push'),
    email: switches('email'),
    quiet_hours: typeof stored.quiet_hours === 'boolean' ? stored.quiet_hours : d.quiet_hours,
    digest: typeof stored.digest === 'boolean' ? stored.digest : d.digest,
  };
}

export async function loadSettings(db: DB, userId: number): Promise<NotificationSettings> {
  const row = await db.selectFrom('users').select('notification_settings').where('id', '=', userId).executeTakeFirst();
  return readSettings(row?.notification_settings);
}

export async function saveSettings(db: DB, userId: number, settings: NotificationSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ notification_settings: JSON.stringify(settings) })
    .where('id', '=', userId)
    .execute();
}
