import { config } from '@/config';

/**
 * product §5.5: posts newer than both the last blackboard visit and three days ago.
 * The server computes the same number; this is used when only local data is at hand.
 */
export function countUnread(createdAt: readonly string[], lastOpened: string | null, now: number = Date.now()): number {
  const windowStart = now - config.badgeWindowMs;
  const opened = lastOpened ? Date.parse(lastOpened) : Number.NEGATIVE_INFINITY;
  const since = Math.max(windowStart, Number.isNaN(opened) ? Number.NEGATIVE_INFINITY : opened);
  return createdAt.filter((iso) => Date.parse(iso) > since).length;
}

/** The badge text: hidden (null) at 0, capped at '99+'. */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > config.badgeCap ? `${config.badgeCap}+` : String(Math.floor(count));
}
