import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { RowSelectionState } from '@tanstack/react-table';
import { ACCOUNT_STATUSES, type AccountStatus, type AdminResident } from '@hausportal/contract';
import { AdminPage } from '../components/admin-page';
import { adminColumns, DataTable } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { formatDate } from '../lib/format';
import { useFilterParam, useListArgs, withLocation, useDebouncedParam } from '../lib/list-params';
import { errorMessage } from '../lib/errors';
import { useResidentsQuery } from './api';
import { usePrintLetters } from './use-print-letters';
import { t } from './strings';
import '../components/screens.css';
import { FilterSelect } from '../components/filter-select';

/** The badge tone of each account status. */
const statusTone: Record<AccountStatus, string> = {
  active: 'active',
  invited: 'new',
  never: 'pending',
  deactivated: 'rejected',
};

/** The account's state in words (never colour alone): 'Eingeladen', 'Aktiv', 'Nie angemeldet', 'Deaktiviert' or 'Gelöscht'. */
export function ResidentStatus({ resident }: { resident: AdminResident }) {
  if (resident.erased_at) return <StatusBadge status="expired" label={t.status.erased} />;
  const status = resident.account_status;
  return <StatusBadge status={statusTone[status]} label={t.accountStatus[status]} />;
}

/** The day part of an ISO day ('2026-10-18') as the back office writes it ('18.10.2026'). */
const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/**
 * Access by the move dates, in words: 'Zugang ab Einzug ab 18.10.2026', 'Zugang offen
 * bis 30.11.2026', 'Zugang beendet seit 01.12.2026'; plain 'Zugang offen' without dates.
 */
export function accessText(r: AdminResident): string {
  const label = t.accessLabels[r.access];
  if (r.access === 'scheduled' && r.access_opens_on) return `${label} ${t.accessFrom(day(r.access_opens_on))}`;
  if (r.access === 'closed' && r.access_closes_on) return `${label} ${t.accessClosedOn(day(r.access_closes_on))}`;
  if (r.access === 'open' && r.access_closes_on)
    return `${label} ${t.accessUntil(day(addDay(r.access_closes_on, -1)))}`;
  return label;
}

function addDay(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The access line of a resident's page. */
export function AccessLine({ resident }: { resident: AdminResident }) {
  return <>{accessText(resident)}</>;
}

/** The line under the status: until when a letter's code works, when invited, when last signed in. */
function statusDetail(r: AdminResident): string | null {
  if (r.erased_at) return null;
  if (r.account_status === 'active' && r.last_login_at) return t.status.lastLogin(formatDate(r.last_login_at));
  if (r.account_status !== 'invited') return null;
  if (r.activation_expires_at) return t.status.codeValid(formatDate(r.activation_expires_at));
  return r.invited_at ? t.status.invited(formatDate(r.invited_at)) : null;
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
        {statusDetail(row.original) ? <span className="admin-cell-sub">{statusDetail(row.original)}</span> : null}
        {/* Before the move-in's window or after the move-out's, or a move-out ahead. */}
        {!row.original.erased_at && (row.original.access !== 'open' || row.original.access_closes_on) ? (
          <span className="admin-cell-sub">{accessText(row.original)}</span>
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

/** On a tablet the e-mail address and the location show under the name. */
const fold = { into: 'name', columns: ['email', 'location_title'] };

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

const rowLabel = (r: AdminResident) => t.letters.selectRow(r.name, r.apartment_number);

/** Above the table: how many are selected, and the letters for them. */
function LettersBar({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const { print, busy } = usePrintLetters();
  const hintId = useId();
  const run = async () => {
    try {
      await print(ids);
      toast.success(t.letters.done(ids.length));
      onClear();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="admin-cell-actions" role="group" aria-label={t.letters.print}>
      <span className="admin-table-count" aria-live="polite">
        {ids.length ? t.letters.selected(ids.length) : null}
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={ids.length === 0 || busy}
        aria-describedby={hintId}
        onClick={() => void run()}
      >
        {busy ? t.letters.printing : t.letters.print}
      </button>
      {ids.length ? (
        <button type="button" className="button button-small" onClick={onClear}>
          {t.letters.clear}
        </button>
      ) : null}
      <span id={hintId} className="visually-hidden">
        {t.letters.hint}
      </span>
    </div>
  );
}

/** Bewohner:innen: search, active filter, server paging; links to the form and the CSV import. */
export function ResidentsList() {
  const args = useListArgs();
  const [params] = useSearchParams();
  const [status] = useFilterParam('status', ACCOUNT_STATUSES);
  const search = params.get('search') || undefined;
  const result = useResidentsQuery({ ...args, search, status });
  // Kept across pages and filters, so a manager can gather the letters of several pages.
  const [selected, setSelected] = useState<RowSelectionState>({});
  const ids = Object.keys(selected).map(Number);
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
        <FilterSelect
          param="status"
          values={ACCOUNT_STATUSES}
          labels={t.accountStatus}
          label={t.activeFilter}
          allLabel={t.statusAll}
        />
      </div>
      <DataTable
        caption={t.caption}
        columns={columns}
        result={result}
        emptyText={t.empty}
        fold={fold}
        selection={{ selected, onChange: setSelected, rowLabel }}
        toolbar={<LettersBar ids={ids} onClear={() => setSelected({})} />}
      />
    </AdminPage>
  );
}
