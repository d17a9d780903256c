import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { AdminTicket } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { formatTime } from '@/lib/format-date';
import { AdminForm, FormButtons, TextAreaInput } from '../components/form-fields';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { formatDate } from '../lib/format';
import { useDecideAcceptanceMutation } from './api';
import { t } from './strings';

const DAY_MS = 86_400_000;

const returnSchema = z.object({
  reason: z.string().trim().min(1, { error: t.acceptance.reasonRequired }).max(2000),
});
type ReturnValues = z.infer<typeof returnSchema>;

function ReturnForm({ ticket, onDone }: { ticket: AdminTicket; onDone: () => void }) {
  const [decide] = useDecideAcceptanceMutation();
  const form = useForm<ReturnValues>({ resolver: zodResolver(returnSchema), defaultValues: { reason: '' } });
  const name = ticket.assignment?.provider_name ?? '';
  const onSubmit = async ({ reason }: ReturnValues) => {
    try {
      await decide({ id: ticket.id, decision: 'return', reason }).unwrap();
      toast.success(t.acceptance.returned(name));
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
    }
  };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={t.acceptance.returnDialog}>
      <p className="muted">{t.acceptance.returnIntro(name)}</p>
      <TextAreaInput name="reason" label={t.acceptance.reason} hint={t.acceptance.reasonHint} rows={4} />
      <FormButtons onCancel={onDone} busyLabel={t.acceptance.returning}>
        {t.acceptance.returnSubmit}
      </FormButtons>
    </AdminForm>
  );
}

/**
 * What the craftsman wrote with 'erledigt': the internal note that follows the last step to 'Als
 * erledigt gemeldet' (the residents read the status only), or that step's own text on older tickets.
 */
function craftsmanText(ticket: AdminTicket): string {
  const step = ticket.events.filter((e) => e.kind === 'status' && e.status === 'reported_done').at(-1);
  if (!step) return '';
  const note = ticket.events.find((e) => e.id > step.id && e.kind === 'note' && e.author === 'craftsman' && e.internal);
  return note?.text ?? step.text;
}

/**
 * The craftsman reported the job done: the manager checks it and accepts it ('Abnehmen', the
 * residents then hear 'Erledigt') or returns it with a reason the craftsman reads.
 */
export function AcceptancePanel({ ticket, autoAcceptDays }: { ticket: AdminTicket; autoAcceptDays: number | null }) {
  const id = useId();
  const [decide, { isLoading }] = useDecideAcceptanceMutation();
  const [returning, setReturning] = useState(false);
  const reportedAt = ticket.reported_done_at;
  const text = craftsmanText(ticket);
  const accept = async () => {
    try {
      await decide({ id: ticket.id, decision: 'accept' }).unwrap();
      toast.success(t.acceptance.accepted(ticket.number));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <section className="card stack ticket-acceptance" aria-labelledby={id}>
      <h2 id={id}>{t.acceptance.heading}</h2>
      {reportedAt ? (
        <p className="ticket-acceptance-when">
          {t.acceptance.reportedAt(
            `${formatDate(reportedAt)}, ${formatTime(reportedAt)}`,
            ticket.assignment?.provider_name ?? '',
          )}
        </p>
      ) : null}
      {text ? (
        <div>
          <h3 className="ticket-acceptance-sub">{t.acceptance.craftsmanText}</h3>
          <blockquote className="admin-quote">{text}</blockquote>
        </div>
      ) : null}
      <p className="muted">{t.acceptance.intro}</p>
      {reportedAt && autoAcceptDays ? (
        <p className="muted">
          {t.acceptance.autoAccept(
            formatDate(new Date(Date.parse(reportedAt) + autoAcceptDays * DAY_MS).toISOString()),
          )}
        </p>
      ) : null}
      <div className="button-row ticket-acceptance-actions">
        <button type="button" className="button" onClick={() => setReturning(true)} disabled={isLoading}>
          {t.acceptance.return}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void accept()}
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? t.acceptance.accepting : t.acceptance.accept}
        </button>
      </div>
      <Modal open={returning} title={t.acceptance.returnDialog} onClose={() => setReturning(false)}>
        {returning ? <ReturnForm ticket={ticket} onDone={() => setReturning(false)} /> : null}
      </Modal>
    </section>
  );
}
