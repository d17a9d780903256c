import { createContext, useContext, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TICKET_STATUSES, type AdminTicketListItem, type TicketStatus } from '@hausportal/contract';
import { useMeQuery, useTicketSummaryQuery } from '../api/admin-api';
import { adminColumns, DataTable, type AdminColumn } from '../components/data-table';
import { formatDateTime } from '../lib/format';
import { useDebouncedParam, useFilterParam, useIdParam, useListArgs, withLocation } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { useTicketCategoriesQuery, useTicketProvidersQuery, useTicketsQuery, type TicketListArgs } from './api';
import { placeOf, ticketAge } from './format';
import { StaleBadge, TicketsFrame, TicketStatusBadge } from './parts';
import { t } from './strings';

/** The status filter: one status, or every open or every closed one. */
const STATUS_FILTERS = [...TICKET_STATUSES, 'open', 'closed'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const SORTS = ['newest'] as const;
const YES = ['true'] as const;

/** What the cells need besides their row: the clock for the age, and whether to name the location. */
const ListContext = createContext<{ now: number; showLocation: boolean; locationId?: number }>({
  now: 0,
  showLocation: false,
});

function NumberCell({ ticket }: { ticket: AdminTicketListItem }) {
  const { locationId } = useContext(ListContext);
  return (
    <>
      <Link
        className="ticket-number"
        to={withLocation(`/admin/tickets/${ticket.id}`, locationId)}
        aria-label={t.ticket.title(ticket.number)}
      >
        {ticket.number}
      </Link>
      {/* On a tablet the age column folds in here. */}
      <span className="admin-cell-sub ticket-narrow-only">
        <AgeCell ticket={ticket} />
      </span>
    </>
  );
}

function PlaceCell({ ticket }: { ticket: AdminTicketListItem }) {
  const { showLocation } = useContext(ListContext);
  const { scope, place } = placeOf(ticket);
  return (
    <>
      {scope}
      {place ? <span className="ticket-place">{place}</span> : null}
      {showLocation ? <span className="admin-cell-sub">{ticket.location_title}</span> : null}
    </>
  );
}

function AgeCell({ ticket }: { ticket: AdminTicketListItem }) {
  const { now } = useContext(ListContext);
  return (
    <time dateTime={ticket.created_at} title={formatDateTime(ticket.created_at)}>
      {ticketAge(ticket.created_at, now)}
    </time>
  );
}

const col = adminColumns<AdminTicketListItem>();
const columns: AdminColumn<AdminTicketListItem>[] = [
  col.accessor('number', { header: t.list.columns.number, cell: ({ row }) => <NumberCell ticket={row.original} /> }),
  col.accessor('status', {
    header: t.list.columns.status,
    cell: ({ row }) => (
      <span className="ticket-status-cell">
        <TicketStatusBadge status={row.original.status} />
        {row.original.stale ? <StaleBadge /> : null}
      </span>
    ),
  }),
  col.accessor('category_name', {
    header: t.list.columns.category,
    cell: ({ row }) => (
      <>
        {row.original.category_name}
        <span className="admin-cell-sub ticket-excerpt">{row.original.excerpt}</span>
      </>
    ),
  }),
  col.accessor('place', { header: t.list.columns.place, cell: ({ row }) => <PlaceCell ticket={row.original} /> }),
  col.accessor('reporter', {
    header: t.list.columns.reporter,
    cell: ({ row }) => {
      const reporter = row.original.reporter;
      if (!reporter)
        return (
          <>
            <span className="muted">{t.noReporter}</span>
            {row.original.affected_count > 1 ? (
              <span className="admin-cell-sub ticket-narrow-only">{t.affected(row.original.affected_count)}</span>
            ) : null}
          </>
        );
      return (
        <>
          {reporter.name}
          <span className="admin-cell-sub admin-apartment">{t.apartment(reporter.apartment_number)}</span>
          {/* On a tablet the column of the affected folds in here (when others joined the reporter). */}
          {row.original.affected_count > 1 ? (
            <span className="admin-cell-sub ticket-narrow-only">{t.affected(row.original.affected_count)}</span>
          ) : null}
        </>
      );
    },
  }),
  col.accessor('affected_count', { header: t.list.columns.affected }),
  col.accessor('assignee', {
    header: t.list.columns.assignee,
    cell: ({ row }) =>
      row.original.assignee?.name ?? (
        <>
          <span aria-hidden="true" className="muted">
            –
          </span>
          <span className="visually-hidden">{t.noAssignee}</span>
        </>
      ),
  }),
  col.accessor('created_at', { header: t.list.columns.age, cell: ({ row }) => <AgeCell ticket={row.original} /> }),
];

const staleRow = (ticket: AdminTicketListItem) => (ticket.stale ? 'ticket-row-stale' : undefined);

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="admin-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

function SearchBox() {
  const [text, setText] = useDebouncedParam('search');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.list.search}</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder={t.list.searchHint}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t.list.searchHint}
      </span>
    </div>
  );
}

/** The list's filters, each kept in the URL; the location is the top bar's. */
function useTicketFilters() {
  const [status, setStatus] = useFilterParam<StatusFilter>('status', STATUS_FILTERS);
  const [category, setCategory] = useIdParam('category');
  const [assignee, setAssignee] = useIdParam('assignee', ['none'] as const);
  const [stale, setStale] = useFilterParam('stale', YES);
  const [sort, setSort] = useFilterParam('sort', SORTS);
  return {
    status,
    setStatus,
    category,
    setCategory,
    assignee,
    setAssignee,
    stale: stale === 'true',
    setStale: (on: boolean) => setStale(on ? 'true' : undefined),
    sort: sort ?? ('oldest' as const),
    setSort,
  };
}

function Filters({ filters, locationId }: { filters: ReturnType<typeof useTicketFilters>; locationId?: number }) {
  const { data: me } = useMeQuery();
  const categories = useTicketCategoriesQuery(locationId ? { location_id: locationId } : {});
  const providers = useTicketProvidersQuery(locationId ? { location_id: locationId } : {});
  const [params, setParams] = useSearchParams();
  const staleId = useId();
  const locations = me?.locations ?? [];
  const titleOf = (id: number) => locations.find((l) => l.id === id)?.title ?? `#${id}`;
  const severalLocations = !locationId && locations.length > 1;
  const categoryRows = categories.data?.results ?? [];
  const filtered = ['status', 'category', 'assignee', 'stale', 'sort', 'search'].some((name) => params.has(name));

  return (
    <div className="admin-filters ticket-filters" role="search">
      <SearchBox />
      <Select
        label={t.list.status}
        value={filters.status ?? ''}
        onChange={(v) => filters.setStatus(STATUS_FILTERS.find((s) => s === v))}
      >
        <option value="">{t.list.allStatuses}</option>
        <option value="open">{t.list.open}</option>
        <option value="closed">{t.list.closed}</option>
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t.status[status]}
          </option>
        ))}
      </Select>
      <Select
        label={t.list.category}
        value={filters.category ? String(filters.category) : ''}
        onChange={(v) => filters.setCategory(v ? Number(v) : undefined)}
      >
        <option value="">{t.list.allCategories}</option>
        {severalLocations
          ? locations.map((location) => (
              <optgroup key={location.id} label={location.title}>
                {categoryRows
                  .filter((c) => c.location_id === location.id)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </optgroup>
            ))
          : categoryRows.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        {filters.category && !categoryRows.some((c) => c.id === filters.category) ? (
          <option value={filters.category}>{`#${filters.category}`}</option>
        ) : null}
      </Select>
      <Select
        label={t.list.assignee}
        value={filters.assignee === undefined ? '' : String(filters.assignee)}
        onChange={(v) => filters.setAssignee(v === 'none' ? 'none' : v ? Number(v) : undefined)}
      >
        <option value="">{t.list.anyAssignee}</option>
        <option value="none">{t.noAssignee}</option>
        {(providers.data?.results ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {severalLocations ? `${p.name} (${titleOf(p.location_id)})` : p.name}
          </option>
        ))}
        {typeof filters.assignee === 'number' && !providers.data?.results.some((p) => p.id === filters.assignee) ? (
          <option value={filters.assignee}>{`#${filters.assignee}`}</option>
        ) : null}
      </Select>
      <Select
        label={t.list.sort}
        value={filters.sort}
        onChange={(v) => filters.setSort(v === 'newest' ? 'newest' : undefined)}
      >
        <option value="oldest">{t.list.oldest}</option>
        <option value="newest">{t.list.newest}</option>
      </Select>
      <label className="choice admin-checkbox ticket-stale-filter" htmlFor={staleId}>
        <input
          id={staleId}
          type="checkbox"
          checked={filters.stale}
          onChange={(event) => filters.setStale(event.target.checked)}
        />
        <span>{t.list.stale}</span>
      </label>
      {filtered ? (
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            setParams((current) => {
              const next = new URLSearchParams();
              const location = current.get('location_id');
              if (location) next.set('location_id', location);
              return next;
            });
          }}
        >
          {t.list.reset}
        </button>
      ) : null}
    </div>
  );
}

/** A hint above the list when tickets wait too long, with the filter that shows them. */
function StaleSummary({ locationId, onShow, active }: { locationId?: number; onShow: () => void; active: boolean }) {
  const { data } = useTicketSummaryQuery(locationId ? { location_id: locationId } : {});
  if (!data || data.stale === 0 || active) return null;
  return (
    <div className="ticket-stale-summary">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t.summaryStale(data.stale)}
      </p>
      <button type="button" className="button button-small" onClick={onShow}>
        {t.list.showStale}
      </button>
    </div>
  );
}

/** Meldungen: every ticket of the caller's locations, filtered, sorted by age, paged in the URL. */
export function TicketsList() {
  const args = useListArgs();
  const filters = useTicketFilters();
  const [params] = useSearchParams();
  const { data: me } = useMeQuery();
  const now = useNow();
  const search = params.get('search') || undefined;
  const status = filters.status;
  const query: TicketListArgs = {
    ...args,
    status: status === 'open' || status === 'closed' ? undefined : (status as TicketStatus | undefined),
    state: status === 'open' || status === 'closed' ? status : undefined,
    category_id: filters.category,
    assignee: filters.assignee,
    stale: filters.stale || undefined,
    sort: filters.sort,
    search,
  };
  const result = useTicketsQuery(query);
  const showLocation = !args.location_id && (me?.locations.length ?? 0) > 1;
  return (
    <TicketsFrame title={t.title}>
      <StaleSummary locationId={args.location_id} active={filters.stale} onShow={() => filters.setStale(true)} />
      <Filters filters={filters} locationId={args.location_id} />
      <ListContext.Provider value={{ now, showLocation, locationId: args.location_id }}>
        <div className="ticket-list">
          <DataTable
            caption={t.list.caption}
            columns={columns}
            result={result}
            emptyText={t.list.empty}
            rowClassName={staleRow}
          />
        </div>
      </ListContext.Provider>
    </TicketsFrame>
  );
}
