import { createContext, useContext, useMemo } from 'react';
import { Link } from 'react-router';
import type { AdminNotice } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable, type AdminColumn } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { formatDate, formatDateTime } from '../lib/format';
import { useListArgs, useLocationFilter, withLocation } from '../lib/list-params';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { s } from '../strings';
import { useDeleteNoticeMutation, useNoticesQuery } from './api';
import './notices.css';

interface NoticeActions {
  locationId: number | undefined;
  askDelete: (notice: AdminNotice) => void;
}

// The row actions read these at render time; the columns themselves stay constant.
const ActionsContext = createContext<NoticeActions>({ locationId: undefined, askDelete: () => undefined });

function NoticeLink({ notice }: { notice: AdminNotice }) {
  const { locationId } = useContext(ActionsContext);
  return <Link to={withLocation(`/admin/notices/${notice.id}`, locationId)}>{notice.title}</Link>;
}

function NoticeActionsCell({ notice }: { notice: AdminNotice }) {
  const { locationId, askDelete } = useContext(ActionsContext);
  return (
    <div className="admin-cell-actions">
      <Link
        className="button button-small"
        to={withLocation(`/admin/notices/${notice.id}`, locationId)}
        aria-label={s.notices.editAction(notice.title)}
      >
        {s.notices.editShort}
      </Link>
      <button
        type="button"
        className="button button-danger button-small"
        aria-label={s.notices.deleteAction(notice.title)}
        onClick={() => askDelete(notice)}
      >
        {s.notices.delete}
      </button>
    </div>
  );
}

const col = adminColumns<AdminNotice>();

/** On a tablet the locations and the end date show under the title (no sideways scroll at 1024 px). */
const NOTICE_FOLD = { into: 'title', columns: ['locations', 'ends_at'] };
const columns: AdminColumn<AdminNotice>[] = [
  col.accessor('title', { header: s.notices.noticeTitle, cell: ({ row }) => <NoticeLink notice={row.original} /> }),
  col.accessor((n) => n.locations.map((l) => l.title).join(', '), { id: 'locations', header: s.notices.locations }),
  col.accessor('important', {
    header: s.notices.important,
    cell: ({ row }) => (row.original.important ? <StatusBadge status="important" /> : null),
  }),
  col.accessor('ends_at', {
    header: s.notices.endsAt,
    cell: ({ row }) => (row.original.ends_at ? formatDate(row.original.ends_at) : s.notices.noEnd),
  }),
  // The read count sits under the status, not in a column of its own, so the table fits a tablet.
  // Only counts: managers see how many households opened a notice, never who.
  col.accessor('active', {
    header: s.notices.status,
    cell: ({ row }) => {
      const n = row.original;
      if (n.scheduled && n.starts_at)
        return <StatusBadge status="scheduled" label={s.notices.scheduledFrom(formatDateTime(n.starts_at))} />;
      return (
        <div className="notice-status">
          <StatusBadge status={n.active ? 'active' : 'expired'} />
          <span className="notice-read-count">{s.notices.readCount(n.reads.opened, n.reads.households)}</span>
        </div>
      );
    },
  }),
  col.display({
    id: 'actions',
    header: s.table.actions,
    cell: ({ row }) => <NoticeActionsCell notice={row.original} />,
  }),
];

/** Aushänge: the notices of the chosen locations, with create, edit and delete. */
export default function NoticesPage() {
  const args = useListArgs();
  const [locationId] = useLocationFilter();
  const result = useNoticesQuery(args);
  const { ask, dialog } = useConfirmDelete(useDeleteNoticeMutation(), {
    argOf: (notice: AdminNotice) => notice.id,
    title: s.notices.deleteTitle,
    message: (notice) => s.notices.deleteText(notice.title),
    confirmLabel: s.notices.delete,
    done: s.notices.deleted,
  });
  const actions = useMemo<NoticeActions>(() => ({ locationId, askDelete: ask }), [locationId, ask]);

  return (
    <AdminPage
      title={s.notices.title}
      actions={
        <Link className="button button-primary" to={withLocation('/admin/notices/new', locationId)}>
          {s.notices.create}
        </Link>
      }
    >
      <ActionsContext.Provider value={actions}>
        <DataTable caption={s.notices.title} columns={columns} result={result} fold={NOTICE_FOLD} />
      </ActionsContext.Provider>
      <ConfirmDialog {...dialog} />
    </AdminPage>
  );
}
