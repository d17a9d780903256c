import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BuildingTicket } from '@hausportal/contract';
import { useOnline } from '@/lib/use-online';
import { getBuildingTickets, joinBuildingTicket } from '../api';

/**
 * The open building-wide tickets of the location, loaded when home opens. `settled` once they are
 * known or cannot come (offline, failed), so the home screen draws what follows the card only then
 * and nothing moves under a finger when the card arrives (CLS 0).
 */
export function useBuildingTickets() {
  const online = useOnline();
  const [tickets, setTickets] = useState<BuildingTicket[]>([]);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!online) return;
    let live = true;
    getBuildingTickets().then(
      (list) => {
        if (!live) return;
        setTickets(list);
        setSettled(true);
      },
      () => live && setSettled(true),
    );
    return () => {
      live = false;
    };
  }, [online]);
  return { tickets, setTickets, settled: settled || !online };
}

/**
 * 'Aktuelle Störungen im Haus': the open building-wide tickets of the location with their status,
 * so a neighbour sees the lift is known without starting a report, and joins it with 'Betrifft
 * mich auch' (the same call as the new-ticket page's 'Bereits gemeldet'). Place, status and the
 * count only, never a name. Nothing shows while there are none, offline, or when the list fails.
 */
export function BuildingProblems({ building }: { building: ReturnType<typeof useBuildingTickets> }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { tickets, setTickets } = building;
  const [joining, setJoining] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  if (tickets.length === 0) return null;
  async function join(id: number) {
    setJoining(id);
    setFailed(false);
    try {
      const result = await joinBuildingTicket(id);
      setTickets((list) => list.map((x) => (x.id === id ? { ...x, ...result, affected: true } : x)));
    } catch {
      setFailed(true);
    } finally {
      setJoining(null);
    }
  }

  return (
    <section className="card home-card building-problems" aria-labelledby="home-building">
      <div className="home-card-head">
        <h2 id="home-building">{t('homeTickets.building')}</h2>
      </div>
      <p className="muted building-problems-intro">{t('homeTickets.buildingIntro')}</p>
      {failed ? (
        <p className="form-error" role="alert">
          {t('homeTickets.joinFailed')}
        </p>
      ) : null}
      <ul className="home-card-list">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="building-problem">
            <div className="home-item-body">
              <span className="home-item-title">
                <bdi>{ticket.category.name}</bdi>
                {ticket.place ? (
                  <>
                    {' · '}
                    <bdi>{ticket.place}</bdi>
                  </>
                ) : null}
              </span>
              <span className="muted">
                <span className="home-item-number">{t('homeNews.ticketItem', { number: ticket.number })}</span>
                {' · '}
                {t('homeTickets.affected', { count: ticket.affected_count })}
              </span>
              <span className={`tag ticket-status ticket-status-${ticket.status}`}>
                {t(`homeNews.statuses.${ticket.status}`)}
              </span>
            </div>
            {ticket.affected ? (
              // Following it, the resident may open it like their own reports.
              <Link className="home-card-more" to={`/tickets/${ticket.id}`}>
                {t('homeTickets.joined')}
              </Link>
            ) : (
              <button
                type="button"
                className="button button-block"
                onClick={() => void join(ticket.id)}
                disabled={joining !== null || !online}
                aria-busy={joining === ticket.id}
                aria-describedby={`home-building-${ticket.id}`}
              >
                {joining === ticket.id ? t('homeTickets.joining') : t('homeTickets.affectsMeToo')}
              </button>
            )}
            <span id={`home-building-${ticket.id}`} hidden>
              {ticket.category.name} {ticket.place}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
