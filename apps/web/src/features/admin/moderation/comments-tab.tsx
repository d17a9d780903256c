import { useMemo } from 'react';
import { excerpt } from '../lib/format';
import { useListArgs } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { useWithoutRows } from '../lib/without-rows';
import { adminColumns, DataTable, type AdminColumn } from '../components/data-table';
import type { ModerationComment } from '../api/types';
import { s } from '../strings';
import { usePendingCommentsQuery } from './api';
import { AuthorCell } from './cells';
import { QueueContext } from './queue-context';
import { BulkBar, DecisionButtons, QueueWaiting, RejectDialog } from './queue-parts';
import { useQueue } from './use-queue';

const col = adminColumns<ModerationComment>();
const rowKey = (row: ModerationComment) => String(row.id);
const label = (row: ModerationComment) => `${s.moderation.comment} von ${row.user_name}`;
const rowLabel = (row: ModerationComment) => `${label(row)} auswählen`;

const columns: AdminColumn<ModerationComment>[] = [
  col.accessor('text', {
    header: s.moderation.comment,
    cell: ({ row }) => (
      <div className="admin-cell-text">
        {row.original.text}
        <blockquote className="admin-quote">
          <span className="visually-hidden">{s.moderation.onPost}: </span>
          {excerpt(row.original.message.text, 160)}
          <span className="admin-cell-sub">— {row.original.message.user_name}</span>
        </blockquote>
      </div>
    ),
  }),
  col.accessor('user_name', {
    header: s.moderation.author,
    cell: ({ row }) => <AuthorCell name={row.original.user_name} apartment={row.original.apartment_number} />,
  }),
  col.accessor('location_title', { header: s.moderation.location }),
  col.accessor('created_at', {
    header: s.moderation.waiting,
    cell: ({ row }) => <QueueWaiting since={row.original.created_at} />,
  }),
  col.display({
    id: 'actions',
    header: s.table.actions,
    cell: ({ row }) => (
      <DecisionButtons id={row.original.id} label={`${label(row.original)}: ${excerpt(row.original.text, 40)}`} />
    ),
  }),
];

/** Pending comments, oldest first, each with the text of the post it answers. */
export function CommentsTab() {
  const args = useListArgs();
  const result = usePendingCommentsQuery(args);
  const queue = useQueue('comment');
  const now = useNow();
  const visible = useWithoutRows(result, queue.gone, rowKey);

  const context = useMemo(() => ({ queue, now }), [queue, now]);
  return (
    <QueueContext.Provider value={context}>
      <DataTable
        caption={s.moderation.comments}
        columns={columns}
        result={visible}
        getRowId={rowKey}
        selection={{ selected: queue.selected, onChange: queue.setSelected, rowLabel }}
        toolbar={<BulkBar queue={queue} />}
      />
      <RejectDialog queue={queue} title={s.moderation.rejectCommentTitle} />
    </QueueContext.Provider>
  );
}
