import { ConfirmDialog } from '../components/confirm-dialog';
import { s } from '../strings';
import { WaitingCell } from './cells';
import { useQueueContext } from './queue-context';
import type { useQueue } from './use-queue';

type Queue = ReturnType<typeof useQueue>;

/** 'Ausgewählte freigeben' with the number selected, above a queue. */
export function BulkBar({ queue }: { queue: Queue }) {
  const n = queue.selectedIds.length;
  return (
    <div className="admin-cell-actions">
      {n > 0 ? <span className="admin-table-count">{s.moderation.selectedCount(n)}</span> : null}
      <button
        type="button"
        className="button button-primary button-small"
        disabled={n === 0 || queue.busy}
        onClick={() => void queue.approveSelected()}
      >
        {s.moderation.approveSelected}
      </button>
    </div>
  );
}

/** 'Freigeben' and 'Ablehnen' for one item; `label` names the item for screen readers. */
export function DecisionButtons({ id, label }: { id: number; label: string }) {
  const { queue } = useQueueContext();
  return (
    <div className="admin-cell-actions">
      <button
        type="button"
        className="button button-primary button-small"
        disabled={queue.busy}
        aria-label={`${s.moderation.approve}: ${label}`}
        onClick={() => void queue.approve(id)}
      >
        {s.moderation.approve}
      </button>
      <button
        type="button"
        className="button button-danger button-small"
        disabled={queue.busy}
        aria-label={`${s.moderation.reject}: ${label}`}
        onClick={() => queue.setRejecting({ id, error: null })}
      >
        {s.moderation.reject}
      </button>
    </div>
  );
}

/** A row's waiting time, counting on with the tab's clock. */
export function QueueWaiting({ since }: { since: string }) {
  const { now } = useQueueContext();
  return <WaitingCell since={since} now={now} />;
}

/** The rejection dialog: a required 'Begründung', which the author will read. */
export function RejectDialog({ queue, title }: { queue: Queue; title: string }) {
  return (
    <ConfirmDialog
      open={queue.rejecting !== null}
      title={title}
      message={s.moderation.rejectText}
      reasonLabel={s.moderation.reason}
      confirmLabel={s.moderation.reject}
      danger
      busy={queue.busy}
      error={queue.rejecting?.error}
      onConfirm={(reason) => void queue.reject(reason)}
      onClose={() => queue.setRejecting(null)}
    />
  );
}
