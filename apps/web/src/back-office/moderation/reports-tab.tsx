import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable, type AdminColumn } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import type { ReportedItem } from '../api/types';
import { describeServerError, errorMessage } from '../lib/errors';
import { excerpt, formatDateTime } from '../lib/format';
import { useListArgs } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { useWithoutRows } from '../lib/without-rows';
import { s } from '../strings';
import { useDecideReportMutation, useOpenReportsQuery } from './api';
import { AuthorCell, WaitingCell } from './cells';

const col = adminColumns<ReportedItem>();
const rowKey = (row: ReportedItem) => `${row.kind}-${row.id}`;
const kindLabel = (row: ReportedItem) => (row.kind === 'message' ? s.moderation.post : s.moderation.comment);
const itemName = (item: ReportedItem) => `${kindLabel(item)} von ${item.user_name}: ${excerpt(item.text, 40)}`;

interface ReportsContextValue {
  busy: boolean;
  now: number;
  keep: (item: ReportedItem) => Promise<void>;
  startRemove: (item: ReportedItem) => void;
}

// Render-time values reach the cells through a context, so the columns stay constant.
const ReportsContext = createContext<ReportsContextValue | null>(null);

function useReports(): ReportsContextValue {
  const value = useContext(ReportsContext);
  if (!value) throw new Error('ReportsContext missing');
  return value;
}

function ReportActions({ item }: { item: ReportedItem }) {
  const { busy, keep, startRemove } = useReports();
  return (
    <div className="admin-cell-actions">
      <button
        type="button"
        className="button button-danger button-small"
        disabled={busy}
        aria-label={`${s.moderation.remove}: ${itemName(item)}`}
        onClick={() => startRemove(item)}
      >
        {s.moderation.remove}
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        aria-label={`${s.moderation.keep}: ${itemName(item)}`}
        onClick={() => void keep(item)}
      >
        {s.moderation.keep}
      </button>
    </div>
  );
}

function ReportWaiting({ since }: { since: string }) {
  const { now } = useReports();
  return <WaitingCell since={since} now={now} />;
}

function Reasons({ item }: { item: ReportedItem }) {
  return (
    <>
      <strong>{item.report_count}</strong>
      <ul className="admin-reasons" aria-label={s.moderation.reasons}>
        {item.reasons.map((reason, index) => (
          <li key={`${reason.created_at}-${index}`}>
            {s.moderation.reportReasons[reason.reason] ?? reason.reason}
            {reason.text ? `: ${reason.text}` : ''}
            <span className="admin-cell-sub">
              <time dateTime={reason.created_at}>{formatDateTime(reason.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

const columns: AdminColumn<ReportedItem>[] = [
  col.accessor('text', {
    header: s.moderation.post,
    cell: ({ row }) => (
      <div className="admin-cell-text">
        <span className="admin-cell-sub">{kindLabel(row.original)}</span>
        {row.original.text}
      </div>
    ),
  }),
  col.accessor('user_name', {
    header: s.moderation.author,
    cell: ({ row }) => <AuthorCell name={row.original.user_name} />,
  }),
  col.accessor('location_title', { header: s.moderation.location }),
  col.accessor('report_count', {
    header: s.moderation.reportCount,
    cell: ({ row }) => <Reasons item={row.original} />,
  }),
  col.accessor('item_status', {
    header: s.moderation.status,
    cell: ({ row }) => <StatusBadge status={row.original.item_status} />,
  }),
  col.accessor('first_reported_at', {
    header: s.moderation.waiting,
    cell: ({ row }) => <ReportWaiting since={row.original.first_reported_at} />,
  }),
  col.display({ id: 'actions', header: s.table.actions, cell: ({ row }) => <ReportActions item={row.original} /> }),
];

/** Reported posts and comments, one row per item with its reasons; 'Entfernen' or 'Belassen'. */
export function ReportsTab() {
  const args = useListArgs();
  const result = useOpenReportsQuery(args);
  const [decide, { isLoading: busy }] = useDecideReportMutation();
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<{ item: ReportedItem; error: string | null } | null>(null);
  const now = useNow();
  const visible = useWithoutRows(result, gone, rowKey);

  const keep = useCallback(
    async (item: ReportedItem) => {
      try {
        await decide({ kind: item.kind, id: item.id, decision: 'keep' }).unwrap();
        setGone((current) => new Set([...current, rowKey(item)]));
        toast.success(s.moderation.kept);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [decide],
  );
  const context = useMemo(
    () => ({ busy, now, keep, startRemove: (item: ReportedItem) => setRemoving({ item, error: null }) }),
    [busy, now, keep],
  );

  const remove = async (reason: string) => {
    if (!removing) return;
    const { item } = removing;
    try {
      await decide({ kind: item.kind, id: item.id, decision: 'remove', reason }).unwrap();
      setGone((current) => new Set([...current, rowKey(item)]));
      setRemoving(null);
      toast.success(s.moderation.removed);
    } catch (error) {
      const { fields, general } = describeServerError(error);
      setRemoving({ item, error: fields.reason ?? general ?? Object.values(fields).join(' ') });
    }
  };

  return (
    <ReportsContext.Provider value={context}>
      <DataTable caption={s.moderation.reports} columns={columns} result={visible} getRowId={rowKey} />
      <ConfirmDialog
        open={removing !== null}
        title={s.moderation.removeTitle}
        message={s.moderation.removeText}
        reasonLabel={s.moderation.reason}
        confirmLabel={s.moderation.remove}
        danger
        busy={busy}
        error={removing?.error}
        onConfirm={(reason) => void remove(reason)}
        onClose={() => setRemoving(null)}
      />
    </ReportsContext.Provider>
  );
}
