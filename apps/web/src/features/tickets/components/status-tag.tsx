import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@hausportal/contract';
import { registerTicketStrings } from '@/i18n/tickets';

registerTicketStrings();

/** A ticket's status as a coloured tag: open ones neutral, 'Erledigt' green, 'Abgelehnt' red. */
export function StatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <span className={`tag ticket-status ticket-status-${status}`}>{t(`tickets.statuses.${status}`)}</span>;
}
