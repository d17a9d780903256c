import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket, TicketStatus } from '@hausportal/contract';
import { formatDateTime } from '@/lib/format-date';

/** The way of a ticket as the resident follows it; 'Abgelehnt' replaces the rest. */
export const STATUS_STEPS: readonly TicketStatus[] = [
  'received',
  'in_progress',
  'craftsman_assigned',
  'appointment_set',
  'done',
];

type StepState = 'done' | 'current' | 'open';

/** The last status change of the timeline to `status` (the timeline is oldest first). */
function lastChangeTo(ticket: Ticket, status: TicketStatus) {
  return [...ticket.events].reverse().find((e) => e.kind === 'status' && e.status === status);
}

/** When the ticket last reached `status`, from its timeline ('Eingegangen' is the report itself). */
function reachedAt(ticket: Ticket, status: TicketStatus): string | null {
  if (status === 'received') return ticket.created_at;
  return lastChangeTo(ticket, status)?.created_at ?? null;
}

/** The management's reason of a rejection: the text of the last status change to 'Abgelehnt'. */
export function rejectionReason(ticket: Ticket): string {
  return lastChangeTo(ticket, 'rejected')?.text ?? '';
}

/**
 * The steps as an ordered list: those passed ticked, the current one marked (aria-current), the
 * rest still to come. A rejected ticket shows 'Eingegangen' and 'Abgelehnt' with the reason.
 */
export function StatusTimeline({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rejected = ticket.status === 'rejected';
  const steps: readonly TicketStatus[] = rejected ? ['received', 'rejected'] : STATUS_STEPS;
  const current = steps.indexOf(ticket.status);

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('tickets.statusHeading')}</h2>
      <ol className="timeline">
        {steps.map((status, index) => {
          const state: StepState = index < current ? 'done' : index === current ? 'current' : 'open';
          const at = state === 'open' ? null : reachedAt(ticket, status);
          const finished = state === 'done' || (state === 'current' && status === 'done');
          return (
            <li
              key={status}
              className={`timeline-step is-${state}${status === 'rejected' ? ' is-rejected' : ''}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="timeline-dot" aria-hidden="true">
                {finished ? '✓' : status === 'rejected' ? '✕' : ''}
              </span>
              <span className="timeline-body">
                <span className="timeline-label">{t(`tickets.statuses.${status}`)}</span>
                {/* What the eye gets from the ticks and colours, said in words for screen readers. */}
                <span className="visually-hidden">
                  {', '}
                  {state === 'current'
                    ? t('tickets.statusNow')
                    : state === 'done'
                      ? t('tickets.statusDone')
                      : t('tickets.statusOpen')}
                </span>
                {at ? (
                  <time className="timeline-time" dateTime={at}>
                    {formatDateTime(at)}
                  </time>
                ) : null}
                {status === 'rejected' && rejectionReason(ticket) ? (
                  <span className="timeline-reason">
                    {t('tickets.rejectedReason', { reason: rejectionReason(ticket) })}
                  </span>
                ) : null}
                {status === 'appointment_set' && state !== 'open' && ticket.appointment_at ? (
                  <span className="timeline-reason">
                    {t('tickets.appointment', { date: formatDateTime(ticket.appointment_at) })}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
