import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminTicketAssign, type AdminProvider, type AdminTicket } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, FormButtons, SelectInput, TextAreaInput } from '../components/form-fields';
import { ListLoadError } from '../components/load-error';
import { applyServerErrors } from '../lib/errors';
import { formatDate, formatDateTime } from '../lib/format';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { s } from '../strings';
import { useAssignTicketMutation, useRevokeAssignmentMutation, useTicketProvidersQuery } from './api';
import { t } from './strings';

// The select hands over text; the contract wants the provider's id as a number.
const assignSchema = adminTicketAssign.extend({
  provider_id: z.coerce
    .number<string | number>({ error: t.assignment.pickProvider })
    .int({ error: t.assignment.pickProvider })
    .min(1, { error: t.assignment.pickProvider }),
});
type AssignInput = z.input<typeof assignSchema>;
type AssignOutput = z.output<typeof assignSchema>;

/**
 * The picker's options: the providers whose trades ('Gewerke') include the ticket's category
 * first, then the rest; one without an e-mail address cannot get the link, so it shows greyed
 * out and cannot be chosen, after those that can.
 */
function pickerGroups(rows: readonly AdminProvider[], categoryId: number) {
  const option = (p: AdminProvider) => ({
    value: String(p.id),
    label: `${p.name} (${p.service_title})${p.email ? '' : ` – ${t.assignment.noEmail}`}`,
    disabled: !p.email,
  });
  const reachableFirst = (list: AdminProvider[]) => [...list.filter((p) => p.email), ...list.filter((p) => !p.email)];
  const fits = (p: AdminProvider) => p.category_ids.includes(categoryId);
  return {
    matching: reachableFirst(rows.filter(fits)).map(option),
    others: reachableFirst(rows.filter((p) => !fits(p))).map(option),
    withoutEmail: rows.filter((p) => !p.email).length,
  };
}

function AssignForm({ ticket, onDone }: { ticket: AdminTicket; onDone: () => void }) {
  const providers = useTicketProvidersQuery({ location_id: ticket.location_id });
  const [assign] = useAssignTicketMutation();
  const form = useForm<AssignInput, unknown, AssignOutput>({
    resolver: zodResolver(assignSchema),
    defaultValues: { provider_id: '', message: '' },
  });
  const chosenId = useWatch({ control: form.control, name: 'provider_id' });
  const rows = providers.data?.results ?? [];
  const chosen = rows.find((p) => String(p.id) === String(chosenId));

  if (providers.isLoading) return <Spinner label={s.loading} />;
  if (providers.isError && !providers.data)
    return <ListLoadError error={providers.error} onRetry={providers.refetch} />;
  if (rows.length === 0) return <p className="empty">{t.assignment.noProviders}</p>;

  const onSubmit = async (values: AssignOutput) => {
    try {
      await assign({ id: ticket.id, provider_id: values.provider_id, message: values.message }).unwrap();
      toast.success(t.assignment.assigned(chosen?.name ?? ''));
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['provider_id', 'message']);
    }
  };
  const { matching, others, withoutEmail } = pickerGroups(rows, ticket.category_id);
  const hints = [
    t.assignment.providerHint,
    matching.length === 0 ? t.assignment.noMatchHint(ticket.category_name) : null,
    withoutEmail ? t.assignment.noEmailCount(withoutEmail) : null,
  ];
  const pick = { value: '', label: t.assignment.pick };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={t.assignment.dialog}>
      <p className="muted">
        {t.ticket.title(ticket.number)} · {ticket.category_name}
      </p>
      <SelectInput
        name="provider_id"
        label={t.assignment.provider}
        hint={hints.filter(Boolean).join(' ')}
        // Without a provider of the trade there is nothing to set apart: one plain list.
        options={matching.length ? [pick] : [pick, ...others]}
        groups={
          matching.length
            ? [
                { label: t.assignment.matching(ticket.category_name), options: matching },
                { label: t.assignment.others, options: others },
              ]
            : []
        }
        className="ticket-provider-select"
      />
      <TextAreaInput
        name="message"
        label={t.assignment.message}
        hint={t.assignment.messageHint}
        required={false}
        rows={4}
      />
      <p className="ticket-consent-note">{ticket.contact_consent ? t.assignment.consentYes : t.assignment.consentNo}</p>
      <FormButtons onCancel={onDone} busyLabel={t.assignment.submitting}>
        {t.assignment.submit}
      </FormButtons>
    </AdminForm>
  );
}

/** What the craftsman's link allows now: awaiting acceptance, being worked on, read-only until a date, or ended. */
function linkLine(assignment: NonNullable<AdminTicket['assignment']>): string {
  const until = assignment.readable_until;
  if (assignment.state === 'done' && until && Date.parse(until) > Date.now())
    return t.assignment.link.readOnly(formatDate(until));
  if (!assignment.active) return t.assignment.link.ended;
  if (assignment.state === 'offered') return t.assignment.link.offered;
  if (assignment.state === 'accepted') return t.assignment.link.accepted;
  return t.assignment.link.ended;
}

/** Who works on the ticket: the craftsman's link and where the job stands; assign, reassign, revoke. */
export function AssignmentPanel({ ticket, canChange }: { ticket: AdminTicket; canChange: boolean }) {
  const headingId = useId();
  const [assigning, setAssigning] = useState(false);
  const revoke = useConfirmDelete(useRevokeAssignmentMutation(), {
    argOf: (shown: AdminTicket) => shown.id,
    title: t.assignment.revokeTitle,
    message: (shown) => t.assignment.revokeText(shown.assignment?.provider_name ?? ''),
    confirmLabel: t.assignment.revoke,
    done: t.assignment.revoked,
  });
  const assignment = ticket.assignment;
  const active = Boolean(assignment?.active);
  // A revoked order takes 'Auftrag zurückziehen' away; the focus goes on to assigning anew.
  const assignButton = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(active);
  useEffect(() => {
    const focusLost = document.activeElement === document.body || document.activeElement === null;
    if (wasActive.current && !active && focusLost) assignButton.current?.focus();
    wasActive.current = active;
  }, [active]);
  const appointment = assignment?.appointment_at ?? ticket.appointment_at;

  return (
    <section className="card stack admin-side-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.assignment.heading}</h2>
      {assignment ? (
        <dl className="admin-facts">
          <dt>{t.assignment.provider}</dt>
          <dd>{assignment.provider_name}</dd>
          <dt>{t.assignment.state}</dt>
          <dd>{t.assignment.states[assignment.state] ?? assignment.state}</dd>
          <dt>{t.assignment.since}</dt>
          <dd>{formatDate(assignment.created_at)}</dd>
          <dt>{t.assignment.appointment}</dt>
          <dd>
            {appointment ? formatDateTime(appointment) : <span className="muted">{t.assignment.noAppointment}</span>}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t.assignment.none}</p>
      )}
      {assignment ? <p className="muted">{linkLine(assignment)}</p> : null}
      {canChange ? (
        <div className="admin-action-list">
          <button ref={assignButton} type="button" className="button" onClick={() => setAssigning(true)}>
            {active ? t.assignment.reassign : t.assignment.assign}
          </button>
          {active ? (
            <button type="button" className="button button-danger" onClick={() => revoke.ask(ticket)}>
              {t.assignment.revoke}
            </button>
          ) : null}
        </div>
      ) : null}
      <Modal open={assigning} title={t.assignment.dialog} onClose={() => setAssigning(false)}>
        {assigning ? <AssignForm ticket={ticket} onDone={() => setAssigning(false)} /> : null}
      </Modal>
      <ConfirmDialog {...revoke.dialog} />
    </section>
  );
}
