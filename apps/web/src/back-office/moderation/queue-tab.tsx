import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { focusIsLost } from '@/lib/use-arrival-focus';
import type { ModerationKind } from '../api/types';
import { excerpt } from '../lib/format';
import { useNow } from '../lib/use-now';
import { useWithoutRows } from '../lib/without-rows';
import { adminColumns, DataTable, type AdminColumn, type ListResult } from '../components/data-table';
import { s } from '../strings';
import { AuthorCell } from './cells';
import { QueueContext } from './queue-context';
import { BulkBar, DecisionButtons, QueueWaiting, RejectDialog } from './queue-parts';
import { useQueue } from './use-queue';

/** What a pending post and a pending comment both show in the queue. */
interface QueueItem {
  id: number;
  text: string;
  user_name: string;
  apartment_number: string;
  location_title: string;
  created_at: string;
}

const rowKey = (row: QueueItem) => String(row.id);

/**
 * The queue's columns for one kind of item: its text with what belongs under it (a post's
 * attachments, the post a comment answers), author, location, waiting time and the decisions.
 * `noun` names the item for screen readers ('Beitrag von …').
 */
export function queueColumns<T extends QueueItem>(noun: string, under: (row: T) => ReactNode): AdminColumn<T>[] {
  const col = adminColumns<T>();
  const label = (row: T) => `${noun} von ${row.user_name}`;
  return [
    col.accessor((row) => row.text, {
      id: 'text',
      header: noun,
      cell: ({ row }) => (
        <div className="admin-cell-text">
          {row.original.text}
          {under(row.original)}
        </div>
      ),
    }),
    col.accessor((row) => row.user_name, {
      id: 'user_name',
      header: s.moderation.author,
      cell: ({ row }) => <AuthorCell name={row.original.user_name} apartment={row.original.apartment_number} />,
    }),
    col.accessor((row) => row.location_title, { id: 'location_title', header: s.moderation.location }),
    col.accessor((row) => row.created_at, {
      id: 'created_at',
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
}

interface QueueTabProps<T extends QueueItem> {
  kind: ModerationKind;
  noun: string;
  caption: string;
  rejectTitle: string;
  columns: AdminColumn<T>[];
  result: ListResult<T>;
}

/**
 * A decided item leaves the list, and with it the button that had the focus (or 'Ausgewählte
 * freigeben' is disabled): the focus then goes to the first decision of the row that took its place,
 * or of the last row, or to 'Keine Einträge', so a keyboard user works on through the queue
 * instead of starting again at the top of the page. Not while the buttons are disabled (busy).
 */
function useFocusAfterDecision<T extends QueueItem>(rows: T[] | undefined, gone: ReadonlySet<string>, busy: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<string[]>([]);
  const refocusAt = useRef<number | null>(null);
  useEffect(() => {
    const before = shown.current;
    const now = (rows ?? []).map(rowKey);
    shown.current = now;
    const left = before.findIndex((id) => gone.has(id) && !now.includes(id));
    if (left >= 0 && refocusAt.current === null) refocusAt.current = left;
    if (refocusAt.current === null || busy || !box.current) return;
    const index = refocusAt.current;
    refocusAt.current = null;
    if (!focusIsLost()) return;
    const remaining = box.current.querySelectorAll('tbody tr');
    const row = remaining[Math.min(index, remaining.length - 1)];
    const target =
      row?.querySelector<HTMLElement>('.admin-cell-actions button:not(:disabled)') ??
      box.current.querySelector<HTMLElement>('.empty');
    if (!target) return;
    if (!row) target.tabIndex = -1;
    target.focus();
  }, [rows, gone, busy]);
  return box;
}

/** One queue (posts or comments), oldest first: select, approve, reject with a reason. */
export function QueueTab<T extends QueueItem>({ kind, noun, caption, rejectTitle, columns, result }: QueueTabProps<T>) {
  const queue = useQueue(kind);
  const now = useNow();
  const visible = useWithoutRows(result, queue.gone, rowKey);
  const rowLabel = (row: T) => `${noun} von ${row.user_name} auswählen`;
  const context = useMemo(() => ({ queue, now }), [queue, now]);
  const box = useFocusAfterDecision(visible.data?.results, queue.gone, queue.busy);
  return (
    <QueueContext.Provider value={context}>
      <div ref={box}>
        <DataTable
          caption={caption}
          columns={columns}
          result={visible}
          getRowId={rowKey}
          selection={{ selected: queue.selected, onChange: queue.setSelected, rowLabel }}
          toolbar={<BulkBar queue={queue} />}
        />
      </div>
      <RejectDialog queue={queue} title={rejectTitle} />
    </QueueContext.Provider>
  );
}
