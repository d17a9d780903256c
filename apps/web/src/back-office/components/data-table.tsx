import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type Row,
  type Table,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import type { Paginated } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { ADMIN_PAGE_SIZE } from '../api/admin-api';
import { usePageParam } from '../lib/list-params';
import { s } from '../strings';
import { ListLoadError, RefreshError } from './load-error';

/** The Table features every back-office list registers (server paging, row checkboxes). */
export const adminTableFeatures = tableFeatures({ rowPaginationFeature, rowSelectionFeature });
export type AdminTableFeatures = typeof adminTableFeatures;

/** A typed column helper for the back office's tables: `const col = adminColumns<Notice>()`. */
export function adminColumns<T extends RowData>() {
  return createColumnHelper<AdminTableFeatures, T>();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of different value types share one array
export type AdminColumn<T extends RowData> = ColumnDef<AdminTableFeatures, T, any>;

/** The part of an RTK Query hook result the table reads. */
export interface ListResult<T> {
  data?: Paginated<T>;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface RowSelectionProps<T> {
  selected: RowSelectionState;
  onChange: (next: RowSelectionState) => void;
  /** The checkbox's accessible name for a row, e.g. 'Beitrag von Anna auswählen'. */
  rowLabel: (row: T) => string;
}

interface DataTableProps<T extends RowData> {
  /** The table's accessible name; shown only to screen readers unless `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: AdminColumn<T>[];
  result: ListResult<T>;
  getRowId?: (row: T) => string;
  /** The URL parameter holding the page (1-based). */
  pageParam?: string;
  pageSize?: number;
  selection?: RowSelectionProps<T>;
  emptyText?: string;
  /** Above the table, next to the count (e.g. bulk actions). */
  toolbar?: ReactNode;
  /** A class for a row that must stand out (e.g. a ticket waiting too long); say it in a cell too. */
  rowClassName?: (row: T) => string | undefined;
  /**
   * Secondary columns that fold into another cell when the table has little room (a tablet at
   * 1024 px, admin.css): their column disappears and their values show, each after its header
   * ('Standort: …'), under the value of the `into` column. The table then never scrolls sideways.
   */
  fold?: TableFold;
}

/** Which columns (by id) fold into which column when the table is narrow; see `DataTable`'s `fold`. */
export interface TableFold {
  into: string;
  columns: string[];
}

const noRows: never[] = [];

/** The checkbox's accessible name for a row; a context, so the column itself never changes. */
const RowLabelContext = createContext<(row: unknown) => string>(() => '');

function SelectAllBox({ table }: { table: Table<AdminTableFeatures, RowData> }) {
  return (
    <input
      type="checkbox"
      className="admin-row-check"
      aria-label={s.table.selectAll}
      checked={table.getIsAllPageRowsSelected()}
      ref={(el) => {
        if (el) el.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

function SelectRowBox({ row }: { row: Row<AdminTableFeatures, RowData> }) {
  const rowLabel = useContext(RowLabelContext);
  return (
    <input
      type="checkbox"
      className="admin-row-check"
      aria-label={rowLabel(row.original)}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

// Defined once: a column whose cell function changed would be a new component to React, and
// every checkbox would be remounted (losing the keyboard focus) on each render.
const selectColumn: AdminColumn<RowData> = {
  id: 'select',
  header: ({ table }) => <SelectAllBox table={table} />,
  cell: ({ row }) => <SelectRowBox row={row} />,
};

const noLabel = () => '';

/** `col-<id>`, and `admin-col-folds` for a column that folds into another on a narrow table. */
function columnClass(id: string, fold: TableFold | undefined): string {
  return fold?.columns.includes(id) ? `col-${id} admin-col-folds` : `col-${id}`;
}

function defaultRowId(row: unknown): string {
  return String((row as { id?: unknown }).id);
}

/** The id of the row a form saved before it came back to this list (`navigate(list, { state: { saved: id } })`). */
function savedRowOf(state: unknown): string | null {
  const saved = (state as { saved?: unknown } | null)?.saved;
  return typeof saved === 'number' || typeof saved === 'string' ? String(saved) : null;
}

/** A column's header as words, for the folded value's label. */
function headerText(header: unknown, id: string): string {
  return typeof header === 'string' ? header : id;
}

function resolve<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

/**
 * A back-office list over TanStack Table: one server page of `{count, next, previous, results}`
 * (the page is in the URL), with loading, empty ('Keine Einträge') and error ('Erneut versuchen')
 * states, real table headers, a count announced politely, and optional row checkboxes.
 */
export function DataTable<T extends RowData>({
  caption,
  showCaption = false,
  columns,
  result,
  getRowId = defaultRowId,
  pageParam = 'page',
  pageSize = ADMIN_PAGE_SIZE,
  selection,
  emptyText = s.table.empty,
  toolbar,
  rowClassName,
  fold,
}: DataTableProps<T>) {
  const [page, setPage] = usePageParam(pageParam);
  const { data, isLoading, isFetching, isError, error, refetch } = result;
  // The row a form just saved (navigation state `{ saved: id }`): shown, and marked for a moment.
  const saved = savedRowOf(useLocation().state);
  const savedRow = useRef<HTMLTableRowElement>(null);
  const rows = data?.results ?? (noRows as T[]);
  const count = data?.count ?? 0;

  const selectable = Boolean(selection);
  const allColumns = useMemo<AdminColumn<T>[]>(
    () => (selectable ? [selectColumn as AdminColumn<T>, ...columns] : columns),
    [columns, selectable],
  );
  const rowLabel = selection?.rowLabel as ((row: unknown) => string) | undefined;

  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const table = useTable({
    features: adminTableFeatures,
    columns: allColumns,
    data: rows,
    getRowId,
    manualPagination: true,
    rowCount: count,
    state: { pagination, rowSelection: selection?.selected ?? {} },
    onPaginationChange: (updater) => setPage(resolve(updater, pagination).pageIndex + 1),
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: (updater) => selection?.onChange(resolve(updater, selection.selected)),
  });

  // A page that no longer exists (its last entry was just handled) falls back to the first.
  const status = (error as { status?: number } | undefined)?.status;
  useEffect(() => {
    if (isError && status === 404 && page > 1) setPage(1);
  }, [isError, status, page, setPage]);

  const pages = Math.max(1, Math.ceil(count / pageSize));
  const savedShown = saved !== null && rows.some((row) => getRowId(row) === saved);
  useEffect(() => {
    if (savedShown) savedRow.current?.scrollIntoView?.({ block: 'center' });
  }, [savedShown]);

  if (isLoading && !data) return <Spinner label={s.loading} />;
  if (isError && !data) return <ListLoadError error={error} onRetry={refetch} />;

  return (
    <div className="admin-table-block">
      <div className="admin-table-toolbar">
        <p className="admin-table-count" role="status" aria-live="polite">
          {s.table.count(count)}
        </p>
        {toolbar}
      </div>
      {isError ? <RefreshError error={error} onRetry={refetch} /> : null}
      {rows.length === 0 ? (
        <p className="empty">{emptyText}</p>
      ) : (
        <div className="admin-table-scroll">
          <RowLabelContext.Provider value={rowLabel ?? noLabel}>
            <table className="admin-table" aria-busy={isFetching || undefined}>
              <caption className={showCaption ? 'admin-table-caption' : 'visually-hidden'}>{caption}</caption>
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className={columnClass(header.column.id, fold)}>
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    ref={row.id === saved ? savedRow : undefined}
                    className={
                      [
                        row.getIsSelected() ? 'is-selected' : '',
                        row.id === saved ? 'is-saved' : '',
                        rowClassName?.(row.original) ?? '',
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={columnClass(cell.column.id, fold)}>
                        <table.FlexRender cell={cell} />
                        {fold && cell.column.id === fold.into
                          ? row
                              .getAllCells()
                              .filter((c) => fold.columns.includes(c.column.id))
                              .map((c) => (
                                <span key={c.id} className="admin-fold">
                                  <span className="admin-fold-label">
                                    {headerText(c.column.columnDef.header, c.column.id)}:
                                  </span>{' '}
                                  <table.FlexRender cell={c} />
                                </span>
                              ))
                          : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </RowLabelContext.Provider>
        </div>
      )}
      {pages > 1 ? (
        <nav className="admin-pager" aria-label={`${caption}: ${s.table.pages}`}>
          <button
            type="button"
            className="button button-small"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            {s.table.previous}
          </button>
          <span aria-current="page">{s.table.pageOf(page, pages)}</span>
          <button
            type="button"
            className="button button-small"
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
          >
            {s.table.next}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
