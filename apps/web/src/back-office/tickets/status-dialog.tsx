import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { adminTicketStatus, TICKET_STATUSES, type TicketStatus } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { AdminForm, FormButtons, SelectInput, TextAreaInput } from '../components/form-fields';
import { applyServerErrors } from '../lib/errors';
import { useSetTicketStatusMutation } from './api';
import { t } from './strings';

type Input = z.input<typeof adminTicketStatus>;
type Output = z.output<typeof adminTicketStatus>;

/**
 * The statuses staff set by hand: 'Als erledigt gemeldet' is the craftsman's step, which the
 * manager answers with 'Abnehmen' or 'Zurückgeben'; it is listed only while the ticket is in it.
 */
export function settableStatuses(current: TicketStatus): TicketStatus[] {
  return TICKET_STATUSES.filter((value) => value !== 'reported_done' || value === current);
}

export interface StatusTarget {
  id: number;
  number: string;
  status: TicketStatus;
  /** The status to start with (the board's select), else the next one. */
  proposed?: TicketStatus;
}

function nextStatus(status: TicketStatus): TicketStatus {
  const index = TICKET_STATUSES.indexOf(status);
  if (status === 'appointment_set' || status === 'reported_done') return 'done';
  return status === 'done' || status === 'rejected' ? 'in_progress' : TICKET_STATUSES[index + 1]!;
}

function StatusForm({ target, onDone }: { target: StatusTarget; onDone: () => void }) {
  const [setStatus] = useSetTicketStatusMutation();
  // The contract's rule (a reason to reject), and a status that changes something.
  const schema = adminTicketStatus.refine((v) => v.status !== target.status, {
    error: t.statusChange.same,
    path: ['status'],
  });
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { status: target.proposed ?? nextStatus(target.status), message: '' },
  });
  const chosen = useWatch({ control: form.control, name: 'status' });
  const rejecting = chosen === 'rejected';
  const onSubmit = async (values: Output) => {
    try {
      await setStatus({ id: target.id, status: values.status, message: values.message }).unwrap();
      toast.success(t.statusChange.saved(t.status[values.status]));
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['status', 'message']);
    }
  };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={`${t.statusChange.dialog}: ${target.number}`}>
      <p className="muted">
        {t.ticket.title(target.number)} · {t.status[target.status]}
      </p>
      <SelectInput
        name="status"
        label={t.statusChange.newStatus}
        options={settableStatuses(target.status).map((value) => ({ value, label: t.status[value] }))}
      />
      <TextAreaInput
        name="message"
        label={rejecting ? t.statusChange.reason : t.statusChange.message}
        hint={rejecting ? t.statusChange.reasonHint : t.statusChange.messageHint}
        required={rejecting}
        rows={4}
      />
      <FormButtons onCancel={onDone}>{t.statusChange.submit}</FormButtons>
    </AdminForm>
  );
}

/** 'Status ändern': the new status and a message to the residents, which a rejection requires. */
export function StatusDialog({ target, onClose }: { target: StatusTarget | null; onClose: () => void }) {
  return (
    <Modal open={target !== null} title={t.statusChange.dialog} onClose={onClose}>
      {target ? <StatusForm key={target.id} target={target} onDone={onClose} /> : null}
    </Modal>
  );
}
