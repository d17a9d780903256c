import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { storedSettings, storeSettings } from './notifications.repository.js';

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

/** A user's preferences over the defaults. */
export async function loadSettings(db: DB, userId: number): Promise<NotificationSettings> {
  return readSettings(await storedSettings(db, userId));
}

/** Stores a user's preferences. */
export function saveSettings(db: DB, userId: number, settings: NotificationSettings): Promise<void> {
  return storeSettings(db, userId, JSON.stringify(settings));
}
