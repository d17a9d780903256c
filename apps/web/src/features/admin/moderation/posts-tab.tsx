import { useMemo } from 'react';
import { excerpt } from '../lib/format';
import { useListArgs } from '../lib/list-params';
import { useNow } from '../lib/use-now';
import { useWithoutRows } from '../lib/without-rows';
import { adminColumns, DataTable, type AdminColumn } from '../components/data-table';
import type { ModerationMessage } from '../api/types';
import { s } from '../strings';
import { usePendingMessagesQuery } from './api';
import { Attachments } from './attachments';
import { AuthorCell } from './cells';
import { QueueContext } from './queue-context';
import { BulkBar, DecisionButtons, QueueWaiting, RejectDialog } from './queue-parts';
import { useQueue } from './use-queue';

const col = adminColumns<ModerationMessage>();
const rowKey = (row: ModerationMessage) => String(row.id);
const label = (row: ModerationMessage) => `${s.moderation.post} von ${row.user_name}`;
const rowLabel = (row: ModerationMessage) => `${label(row)} auswählen`;

const columns: AdminColumn<ModerationMessage>[] = [
  col.accessor('text', {
    header: s.moderation.post,
    cell: ({ row }) => (
      <div className="admin-cell-text">
        {row.original.text}
        <Attachments documents={row.original.documents} />
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

/** Pending posts, oldest first: text with attachments, author, location, waiting time, decisions. */
export function PostsTab() {
  const args = useListArgs();
  const result = usePendingMessagesQuery(args);
  const queue = useQueue('message');
  const now = useNow();
  const visible = useWithoutRows(result, queue.gone, rowKey);

  const context = useMemo(() => ({ queue, now }), [queue, now]);
  return (
    <QueueContext.Provider value={context}>
      <DataTable
        caption={s.moderation.posts}
        columns={columns}
        result={visible}
        getRowId={rowKey}
        selection={{ selected: queue.selected, onChange: queue.setSelected, rowLabel }}
        toolbar={<BulkBar queue={queue} />}
      />
      <RejectDialog queue={queue} title={s.moderation.rejectTitle} />
    </QueueContext.Provider>
  );
}
