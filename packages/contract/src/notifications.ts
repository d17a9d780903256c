import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './labels/index.js';

// Notification preferences (ADR 016): each kind of event can be switched off
// separately for push and for e-mail; quiet hours and the daily digest are switches too.

const switches = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);

/** A user's notification preferences, as `GET/PUT /api/profile/notifications/` carry them. */
export const notificationSettings = z.object({
  push: switches,
  email: switches,
  /** No pushes from 22:00 to 06:00 Europe/Berlin (they wait until morning), except 'Wichtig' notices. */
  quiet_hours: z.boolean(),
  /** One e-mail a day instead of single mails (for residents without push). */
  digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The same switch for every kind. */
const everyKind = (on: boolean) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, on])) as Record<NotificationKind, boolean>;

/**
 * The defaults: every push on, quiet hours on. E-mail stays off for new posts (a mail per post
 * would be too many) and for the staff queues (managers have the badges); the rest is on.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push: everyKind(true),
  email: { ...everyKind(true), posts: false, queue: false, ticket_queue: false },
  quiet_hours: true,
  digest: false,
};
