import { useId } from 'react';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { formatDate, formatDateTime } from '../lib/format';
import { useFilterParam, useListArgs } from '../lib/list-params';
import { useAdminParcelsQuery, useParcelDailyQuery, type AdminParcel, type DailyCount } from './api';
import { t } from './strings';
import '../components/screens.css';

const VIEWS = ['open', 'handed_over', 'waiting'] as const;

/** A Berlin calendar date (YYYY-MM-DD) `days` before today. */
const berlinDay = (days: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() - days * 86_400_000));

const col = adminColumns<AdminParcel>();
const columns = [
  col.accessor('logged_at', {
    header: t.columns.logged,
    cell: ({ row }) => (
      <>
        {formatDateTime(row.original.logged_at)}
        {row.original.logged_by ? <div className="muted">{t.by.replace('{name}', row.original.logged_by)}</div> : null}
      </>
    ),
  }),
  col.accessor('apartment_number', { header: t.columns.apartment }),
  col.display({
    id: 'parcel',
    header: t.columns.parcel,
    cell: ({ row }) => (
      <>
        {`${row.original.carrier}, ${row.original.pieces} Stück${row.original.storage_place ? ` · ${row.original.storage_place}` : ''}`}
        {row.original.tracking_number ? (
          <div className="admin-cell-sub">{t.tracking(row.original.tracking_number)}</div>
        ) : null}
        {row.original.label_photo ? (
          // Names and addresses: a link (bound to this sign-in) rather than a picture in every row.
          <div className="admin-link-line">
            <a href={row.original.label_photo.url} target="_blank" rel="noopener noreferrer">
              {t.labelPhoto}
            </a>
          </div>
        ) : null}
      </>
    ),
  }),
  col.accessor('status', { header: t.columns.status, cell: ({ getValue }) => t.status[getValue()] }),
  col.accessor('handed_over_at', {
    header: t.columns.handedOver,
    cell: ({ row }) =>
      row.original.handed_over_at ? (
        <>
          {formatDateTime(row.original.handed_over_at)}
          {row.original.handed_over_by ? (
            <div className="muted">{t.by.replace('{name}', row.original.handed_over_by)}</div>
          ) : null}
        </>
      ) : (
        '–'
      ),
  }),
  col.accessor('handover_note', { header: t.columns.note, cell: ({ getValue }) => getValue() || '–' }),
];
const fold = { into: 'apartment_number', columns: ['handover_note'] };

/**
 * Parcels per Berlin day over the last 14 days: the totals in one line, then only the days that
 * had parcels (a quiet fortnight was 14 rows of zeros).
 */
function Daily({ locationId }: { locationId?: number }) {
  const { data, isError } = useParcelDailyQuery({ from: berlinDay(13), to: berlinDay(0), location_id: locationId });
  const id = useId();
  if (isError) return <p role="alert">{t.dailyFailed}</p>;
  if (!data) return null;
  const busy = data.filter((d) => d.logged > 0 || d.handed_over > 0);
  const sum = (key: 'logged' | 'handed_over') => data.reduce((n, d) => n + d[key], 0);
  return (
    <section aria-labelledby={id} className="card stack admin-parcels-daily">
      <h2 id={id}>{t.daily}</h2>
      {busy.length === 0 ? (
        <p className="muted">{t.dailyNone}</p>
      ) : (
        <>
          <p>
            {t.dailySummary(sum('logged'), sum('handed_over'), busy.length)}{' '}
            <span className="muted">{t.dailyOnlyBusy}</span>
          </p>
          <DailyTable days={busy} />
        </>
      )}
    </section>
  );
}

function DailyTable({ days }: { days: DailyCount[] }) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{t.daily}</caption>
      <thead>
        <tr>
          <th scope="col">{t.dailyColumns.date}</th>
          <th scope="col">{t.dailyColumns.logged}</th>
          <th scope="col">{t.dailyColumns.handedOver}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.date}>
            <td>{formatDate(`${d.date}T12:00:00Z`)}</td>
            <td>{d.logged}</td>
            <td>{d.handed_over}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Pakete': the reception's parcel history of the manager's locations, the long-waiting list, daily counts. */
export default function ParcelsPage() {
  const args = useListArgs();
  const [view] = useFilterParam('view', VIEWS);
  const result = useAdminParcelsQuery({
    ...args,
    ...(view === 'waiting' ? { waiting_days: 7 } : view ? { status: view } : {}),
  });
  return (
    <AdminPage title={t.title}>
      <div className="admin-filters" role="search">
        <FilterSelect param="view" values={VIEWS} labels={t.views} label={t.filter} allLabel={t.views.all} />
      </div>
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} fold={fold} />
      <Daily locationId={args.location_id} />
    </AdminPage>
  );
}
