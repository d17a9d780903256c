import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { AdminTicketStats } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { useDownload } from '../api/download';
import { ListLoadError, RefreshError } from '../components/load-error';
import { errorMessage } from '../lib/errors';
import { useLocationFilter } from '../lib/list-params';
import { s } from '../strings';
import { statsCsvPath, useTicketStatsQuery, type StatsArgs } from './api';
import { formatDecimal, formatHours, germanDay, isoDay } from './format';
import { TicketsFrame } from './parts';
import { t } from './strings';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the URL (`?from=&to=`, dates); none means the server's default, the last 90 days. */
function usePeriod(): [{ from?: string; to?: string }, (from: string, to: string) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const set = (nextFrom: string, nextTo: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of [
        ['from', nextFrom],
        ['to', nextTo],
      ] as const) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  return [{ from: DAY.test(from) ? from : undefined, to: DAY.test(to) ? to : undefined }, set];
}

function daysAgo(days: number): string {
  return isoDay(new Date(Date.now() - days * 86_400_000));
}

function PeriodForm({
  from,
  to,
  onApply,
}: {
  from?: string;
  to?: string;
  onApply: (from: string, to: string) => void;
}) {
  const id = useId();
  const [start, setStart] = useState(from ?? '');
  const [end, setEnd] = useState(to ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = (nextFrom: string, nextTo: string) => {
    if (nextFrom && nextTo && nextFrom > nextTo) {
      setError(t.stats.fromAfterTo);
      return;
    }
    setError(null);
    setStart(nextFrom);
    setEnd(nextTo);
    onApply(nextFrom, nextTo);
  };
  const today = isoDay(new Date());
  return (
    <form
      className="ticket-period"
      noValidate
      aria-label={t.stats.period}
      onSubmit={(event) => {
        event.preventDefault();
        apply(start, end);
      }}
    >
      <div className="admin-filters">
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-from`}>{t.stats.from}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={start}
            max={end || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t.stats.to}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={end}
            min={start || undefined}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary">
          {t.stats.apply}
        </button>
        <div className="ticket-presets" role="group" aria-label={t.stats.presets}>
          <button type="button" className="button button-small" onClick={() => apply(daysAgo(29), today)}>
            {t.stats.last30}
          </button>
          <button type="button" className="button button-small" onClick={() => apply(daysAgo(89), today)}>
            {t.stats.last90}
          </button>
          <button
            type="button"
            className="button button-small"
            onClick={() => apply(`${today.slice(0, 4)}-01-01`, today)}
          >
            {t.stats.thisYear}
          </button>
        </div>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="ticket-figure">
      <dt>{label}</dt>
      <dd>
        <span className="ticket-figure-value">{value}</span>
        {hint ? <span className="ticket-figure-hint">{hint}</span> : null}
      </dd>
    </div>
  );
}

function Figures({ stats }: { stats: AdminTicketStats }) {
  const headingId = useId();
  const tableId = useId();
  const total = stats.by_category.reduce((sum, row) => sum + row.tickets, 0) || stats.tickets || 1;
  // Each bar is its share of all tickets on one scale from 0 to 100 %, so 'Heizung 50 %' fills
  // half its track (bars scaled to the largest category drew 50 % as a full bar).
  const share = (tickets: number) => Math.round((tickets / total) * 100);
  return (
    <>
      <section aria-labelledby={headingId} className="stack">
        <h2 id={headingId}>{t.stats.figures}</h2>
        <dl className="ticket-figures">
          <Figure label={t.stats.tickets} value={String(stats.tickets)} />
          <Figure label={t.stats.firstResponse} value={formatHours(stats.median_first_response_hours)} />
          <Figure label={t.stats.done} value={formatHours(stats.median_done_hours)} />
          <Figure
            label={t.stats.rating}
            value={
              stats.average_rating === null
                ? t.stats.none
                : t.stats.ratingValue(formatDecimal(stats.average_rating), stats.ratings)
            }
          />
          <Figure
            label={t.stats.reportsPerTicket}
            value={stats.reports_per_ticket === null ? t.stats.none : formatDecimal(stats.reports_per_ticket)}
            hint={t.stats.reportsPerTicketHint}
          />
          <Figure label={t.stats.avoided} value={String(stats.avoided_reports)} hint={t.stats.avoidedHint} />
        </dl>
      </section>
      <section aria-labelledby={tableId} className="stack">
        <h2 id={tableId}>{t.stats.byCategory}</h2>
        {stats.by_category.length === 0 ? (
          <p className="empty">{t.stats.noTickets}</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="admin-table ticket-bars">
              <caption className="visually-hidden">{t.stats.byCategory}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.stats.category}</th>
                  <th scope="col">{t.stats.count}</th>
                  <th scope="col">{t.stats.share}</th>
                </tr>
              </thead>
              <tbody>
                {stats.by_category.map((row) => (
                  <tr key={row.category}>
                    <th scope="row" className="admin-row-head">
                      {row.category}
                    </th>
                    <td className="ticket-bar-count">{row.tickets}</td>
                    <td>
                      <div className="ticket-bar-cell">
                        <span className="ticket-bar" aria-hidden="true">
                          <span style={{ width: `${share(row.tickets)}%` }} />
                        </span>
                        <span className="ticket-bar-share">{share(row.tickets)} %</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function CsvButton({ args }: { args: StatsArgs }) {
  const download = useDownload();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(statsCsvPath(args), `meldungen-auswertung-${args.from ?? 'start'}-${args.to ?? 'heute'}.csv`);
      toast.success(t.stats.csvDone);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void run()}>
      {busy ? t.stats.csvBusy : t.stats.csv}
    </button>
  );
}

/** Auswertung: a location's (or all the caller's) ticket figures over a period, and the CSV export. */
export function StatsPage() {
  const [locationId] = useLocationFilter();
  const [period, setPeriod] = usePeriod();
  const { data: me } = useMeQuery();
  const args: StatsArgs = { location_id: locationId, from: period.from, to: period.to };
  const { data, isLoading, isFetching, isError, error, refetch } = useTicketStatsQuery(args);
  const locationTitle = me?.locations.find((l) => l.id === locationId)?.title ?? t.stats.allLocations;
  // The fields show the period the figures are for, also the server's default one.
  const shown = { from: period.from ?? data?.from, to: period.to ?? data?.to };
  return (
    <TicketsFrame title={t.stats.title}>
      <div className="stack-lg">
        <PeriodForm key={`${shown.from}-${shown.to}`} from={shown.from} to={shown.to} onApply={setPeriod} />
        {isLoading ? <Spinner label={s.loading} /> : null}
        {isError && !data ? <ListLoadError error={error} onRetry={refetch} /> : null}
        {data ? (
          <div className="stack-lg" aria-busy={isFetching || undefined}>
            <div className="admin-table-toolbar">
              <p className="ticket-period-text" role="status">
                {t.stats.periodText(germanDay(data.from), germanDay(data.to), locationTitle)}
              </p>
              <CsvButton args={args} />
            </div>
            {isError ? <RefreshError error={error} onRetry={refetch} /> : null}
            <Figures stats={data} />
          </div>
        ) : null}
      </div>
    </TicketsFrame>
  );
}
