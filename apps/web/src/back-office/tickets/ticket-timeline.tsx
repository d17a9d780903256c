import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminTicketMessage, type AdminTicket, type AdminTicketEvent } from '@hausportal/contract';
import { AdminForm, FormSubmit, RadioGroupInput, TextAreaInput } from '../components/form-fields';
import { applyServerErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { usePostTicketMessageMutation } from './api';
import { t } from './strings';

function eventTitle(event: AdminTicketEvent): string {
  if (event.kind === 'status' && event.status) return t.timeline.statusTo(t.status[event.status]);
  if (event.kind === 'message' && event.author === 'management') return t.composer.public;
  return t.timeline.kinds[event.kind] ?? event.kind;
}

function Event({ event }: { event: AdminTicketEvent }) {
  const role = t.timeline.authors[event.author] ?? event.author;
  const who = event.author_name && event.author_name !== role ? `${event.author_name} (${role})` : role;
  return (
    <li className={`ticket-event ticket-event-${event.kind}${event.internal ? ' ticket-event-internal' : ''}`}>
      {event.internal ? <p className="ticket-internal-label">{t.timeline.internal}</p> : null}
      <p className="ticket-event-head">
        <strong>{eventTitle(event)}</strong>
        <span className="muted">
          {who} · <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
        </span>
      </p>
      {event.text ? <p className="ticket-event-text">{event.text}</p> : null}
    </li>
  );
}

/** The ticket's timeline, oldest first: status changes, the thread, and internal notes marked as such. */
export function Timeline({ events }: { events: AdminTicketEvent[] }) {
  const id = useId();
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>{t.timeline.heading}</h2>
      {events.length === 0 ? (
        <p className="empty">{t.timeline.empty}</p>
      ) : (
        <ol className="ticket-timeline">
          {events.map((event) => (
            <Event key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The composer's form: the text, and whether it goes to the residents or stays a note. */
const composerSchema = z.object({
  text: adminTicketMessage.shape.text,
  kind: z.enum(['public', 'internal']),
});
type ComposerInput = z.input<typeof composerSchema>;
type ComposerOutput = z.output<typeof composerSchema>;

/** A message to the residents or an internal note (`POST …/messages/ {text, internal}`). */
export function Composer({ ticket }: { ticket: AdminTicket }) {
  const [post] = usePostTicketMessageMutation();
  const headingId = useId();
  const form = useForm<ComposerInput, unknown, ComposerOutput>({
    resolver: zodResolver(composerSchema),
    defaultValues: { text: '', kind: 'public' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const internal = kind === 'internal';
  const onSubmit = async (values: ComposerOutput) => {
    const isInternal = values.kind === 'internal';
    try {
      await post({ id: ticket.id, text: values.text, internal: isInternal }).unwrap();
      toast.success(isInternal ? t.composer.saved : t.composer.sent);
      // The kind stays: a second note must not go to the residents by surprise.
      form.reset({ text: '', kind: values.kind });
    } catch (error) {
      applyServerErrors(error, form.setError, ['text']);
    }
  };
  return (
    <section
      className={`card stack ticket-composer${internal ? ' ticket-composer-internal' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{t.composer.heading}</h2>
      <AdminForm form={form} onSubmit={onSubmit}>
        <RadioGroupInput
          name="kind"
          label={t.composer.kind}
          options={[
            { value: 'public', label: t.composer.public, hint: t.composer.publicHint },
            { value: 'internal', label: t.composer.internal, hint: t.composer.internalHint },
          ]}
        />
        <TextAreaInput
          name="text"
          label={internal ? t.composer.internal : t.composer.public}
          hint={internal ? t.timeline.internal : t.composer.publicHint}
          rows={4}
          maxLength={5000}
        />
        <div className="button-row">
          <FormSubmit busyLabel={t.composer.sending}>
            {internal ? t.composer.sendInternal : t.composer.sendPublic}
          </FormSubmit>
        </div>
      </AdminForm>
    </section>
  );
}
