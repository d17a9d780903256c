import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminResident } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { formatDate } from '../lib/format';
import { useFilterParam, useListArgs, withLocation, useDebouncedParam } from '../lib/list-params';
import { useResidentsQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

const ACTIVE_VALUES = ['true', 'false'] as const;

/** The account's state in words (never colour alone). */
export function ResidentStatus({ resident }: { resident: AdminResident }) {
  if (resident.erased_at) return <StatusBadge status="expired" label={t.status.erased} />;
  return resident.is_active ? (
    <StatusBadge status="active" label={t.status.active} />
  ) : (
    <StatusBadge status="rejected" label={t.status.inactive} />
  );
}

const col = adminColumns<AdminResident>();
const columns = [
  col.accessor('apartment_number', { header: t.columns.apartment }),
  col.accessor('name', {
    header: t.columns.name,
    cell: ({ row }) => {
      const r = row.original;
      return (
        <>
          {r.name}
          <span className="admin-tags">
            {r.is_receptionist ? <StatusBadge status="new" label={t.receptionBadge} /> : null}
            {r.emergency_services_deactivated ? <StatusBadge status="pending" label={t.noEmergencyBadge} /> : null}
          </span>
        </>
      );
    },
  }),
  col.accessor('email', {
    header: t.columns.email,
    cell: ({ getValue }) => getValue() || <span className="muted">{t.noEmail}</span>,
  }),
  col.accessor('location_title', { header: t.columns.location }),
  col.display({
    id: 'status',
    header: t.columns.status,
    cell: ({ row }) => (
      <>
        <ResidentStatus resident={row.original} />
        {row.original.invited_at && !row.original.erased_at ? (
          <span className="admin-cell-sub">{t.status.invited(formatDate(row.original.invited_at))}</span>
        ) : null}
      </>
    ),
  }),
  col.display({
    id: 'actions',
    header: 'Aktionen',
    cell: ({ row }) => (
      <Link className="button button-small" to={`/admin/residents/${row.original.id}`}>
        {t.edit}
        <span className="visually-hidden">
          : {row.original.name} ({row.original.apartment_number})
        </span>
      </Link>
    ),
  }),
];

/**
 * The search box: what is typed shows at once, the URL (and so the query) follows once typing
 * pauses, and a changed search starts again at page 1.
 */
function SearchBox() {
  const [text, setText] = useDebouncedParam('search');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.search}</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        placeholder={t.searchHint}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t.searchHint}
      </span>
    </div>
  );
}

function ActiveFilter() {
  const [active, setActive] = useFilterParam('active', ACTIVE_VALUES);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.activeFilter}</label>
      <select
        id={id}
        className="admin-select"
        value={active ?? ''}
        onChange={(event) => setActive((event.target.value || undefined) as 'true' | 'false' | undefined)}
      >
        <option value="">{t.activeOptions.all}</option>
        <option value="true">{t.activeOptions.true}</option>
        <option value="false">{t.activeOptions.false}</option>
      </select>
    </div>
  );
}

/** Bewohner:innen: search, active filter, server paging; links to the form and the CSV import. */
export function ResidentsList() {
  const args = useListArgs();
  const [params] = useSearchParams();
  const [active] = useFilterParam('active', ACTIVE_VALUES);
  const search = params.get('search') || undefined;
  const result = useResidentsQuery({ ...args, search, active });
  return (
    <AdminPage
      title={t.title}
      actions={
        <>
          <Link className="button" to={withLocation('/admin/residents/import', args.location_id)}>
            {t.importCsv}
          </Link>
          <Link className="button button-primary" to={withLocation('/admin/residents/new', args.location_id)}>
            {t.create}
          </Link>
        </>
      }
    >
      <div className="admin-filters" role="search">
        <SearchBox />
        <ActiveFilter />
      </div>
      <DataTable caption={t.caption} columns={columns} result={result} emptyText={t.empty} />
    </AdminPage>
  );
}
