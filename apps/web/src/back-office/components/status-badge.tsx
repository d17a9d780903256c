import { s } from '../strings';

type Tone = 'neutral' | 'pending' | 'success' | 'danger' | 'info';

const tones: Record<string, Tone> = {
  pending: 'pending',
  new: 'info',
  open: 'pending',
  in_progress: 'pending',
  hidden: 'danger',
  rejected: 'danger',
  removed: 'danger',
  expired: 'neutral',
  scheduled: 'info',
  important: 'danger',
  approved: 'success',
  done: 'success',
  active: 'success',
  kept: 'success',
  // tickets: new ones stand out, the ones being worked on wait, the end states close
  received: 'info',
  craftsman_assigned: 'pending',
  appointment_set: 'pending',
  // the craftsman's 'erledigt' waits for the manager's 'Abnehmen'
  reported_done: 'info',
  stale: 'danger',
};

/**
 * A status as a coloured label with its German name ('Wartet', 'Erledigt', 'Abgelaufen' …).
 * Colour is never the only signal: the word is always there.
 */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = tones[status] ?? 'neutral';
  return <span className={`admin-badge admin-badge-${tone}`}>{label ?? s.status[status] ?? status}</span>;
}
