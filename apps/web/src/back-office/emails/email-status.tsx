import { StatusBadge } from '../components/status-badge';
import { t } from './strings';

const tone: Record<string, string> = { pending: 'pending', sent: 'done', failed: 'rejected' };

/** 'Wartet', 'Gesendet' or 'Fehlgeschlagen' as a badge (the word, not only the colour). */
export function EmailStatus({ status }: { status: string }) {
  return <StatusBadge status={tone[status] ?? status} label={t.status[status] ?? status} />;
}

/** The German name of a mail's kind, or the kind itself when it has none. */
export function kindLabel(kind: string): string {
  return t.kinds[kind] ?? kind;
}
