import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BuildingTicket } from '@hausportal/contract';
import { FormError } from '@/components/ui/field';
import { parseErrorBody } from '@/lib/api-client';
import { describeError } from '@/lib/form-errors';
import { truncate } from '@/lib/text';
import { useOnline } from '@/lib/use-online';
import { getBuildingTickets, joinTicket } from '../api';
import { StatusTag } from './status-tag';

/**
 * 'Bereits gemeldet': before a building-wide report is sent, the open
 * building-wide tickets of the same category, so a neighbour joins one ('Betrifft mich auch')
 * instead of reporting the same lift again. Place, text, status and the count only, never a name.
 * Nothing shows while there are none, or offline (the report is then kept and sent later).
 */
export function AlreadyReported({
  categoryId,
  onJoined,
  disabled,
}: {
  categoryId: number;
  onJoined: (ticketId: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const headingId = useId();
  const [tickets, setTickets] = useState<BuildingTicket[]>([]);
  const [joining, setJoining] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    let live = true;
    getBuildingTickets(categoryId).then(
      (list) => live && setTickets(list),
      // Without the list the resident can still report; a duplicate costs the management a merge.
      () => live && setTickets([]),
    );
    return () => {
      live = false;
      setTickets([]);
    };
  }, [categoryId, online]);

  if (tickets.length === 0) return null;

  async function join(id: number) {
    setJoining(id);
    setError(null);
    try {
      await joinTicket(id);
      onJoined(id);
    } catch (failure) {
      const errors = describeError(parseErrorBody(failure), t);
      setError(errors.general ?? Object.values(errors.fields).join(' '));
      setJoining(null);
    }
  }

  return (
    <section className="already-reported stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('tickets.alreadyReported')}</h2>
      <p>{t('tickets.alreadyReportedIntro')}</p>
      <FormError message={error} />
      <ul className="status-list">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="card stack building-ticket">
            <div className="notice-head">
              <StatusTag status={ticket.status} />
              <h3 id={`${headingId}-${ticket.id}`}>
                <bdi>{ticket.place}</bdi>
              </h3>
            </div>
            <p dir="auto" className="pre-line">
              {truncate(ticket.description)}
            </p>
            <p className="muted">{t('tickets.affected', { count: ticket.affected_count })}</p>
            {ticket.affected ? (
              <>
                <p>{t('tickets.alreadyJoined')}</p>
                {/* A button-sized link: a thumb hits it at once (44 px and more). */}
                <Link
                  to={`/tickets/${ticket.id}`}
                  className="button button-block"
                  aria-describedby={`${headingId}-${ticket.id}`}
                >
                  {t('tickets.openTicket')}
                </Link>
              </>
            ) : (
              <button
                type="button"
                className="button button-primary button-block"
                onClick={() => void join(ticket.id)}
                disabled={disabled || joining !== null}
                aria-busy={joining === ticket.id}
                aria-describedby={`${headingId}-${ticket.id}`}
              >
                {joining === ticket.id ? t('tickets.joining') : t('tickets.affectsMeToo')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="muted">{t('tickets.notTheSame')}</p>
    </section>
  );
}
