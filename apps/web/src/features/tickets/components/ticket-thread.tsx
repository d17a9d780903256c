import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketEvent } from '@hausportal/contract';
import { FormError, SubmitButton, TextArea } from '@/components/ui/field';
import { formatRecent } from '@/lib/format-date';
import { useSending } from '@/lib/use-sending';
import { useRequired } from '@/lib/use-required';
import { isBlank } from '@/lib/validation';
import { postTicketMessage } from '../api';

/** What an entry of the timeline says besides its text: a status change, a photo, a craftsman's step. */
function eventTitle(event: TicketEvent, t: ReturnType<typeof useTranslation>['t']): string | null {
  switch (event.kind) {
    case 'message':
    case 'note':
    case 'craftsman':
      return null;
    case 'status': {
      if (!event.status) return null;
      // Looked up as a plain key: with every catalogue's keys, tsc gives up on this template
      // key's type (TS2589); the status is one of the contract's, which tickets.statuses all name.
      const status = (t as (key: string) => string)(`tickets.statuses.${event.status}`);
      return t('tickets.events.status', { status });
    }
    default:
      return t(`tickets.events.${event.kind}`);
  }
}

/**
 * The ticket's thread: every public entry, oldest first, with who wrote it as residents may know
 * it ('Sie', 'Ein:e Bewohner:in', 'Hausverwaltung', 'Handwerker'; never a name), and the form to
 * write to the management.
 */
export function TicketThread({
  ticketId,
  events,
  canWrite,
  onSent,
}: {
  ticketId: number;
  events: TicketEvent[];
  canWrite: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, send } = useSending();
  const { markSubmitted, required } = useRequired();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    setSent(false);
    if (isBlank(text)) return;
    await send(async () => {
      await postTicketMessage(ticketId, text.trim());
      setText('');
      setSent(true);
      onSent();
    });
  }

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('tickets.threadHeading')}</h2>
      {events.length === 0 ? (
        <p className="empty">{t('tickets.threadEmpty')}</p>
      ) : (
        <ol className="thread">
          {events.map((event) => {
            const title = eventTitle(event, t);
            return (
              <li key={event.id} className={`thread-entry author-${event.author}`}>
                <p className="thread-meta">
                  <strong>{t(`tickets.authors.${event.author}`)}</strong>
                  {' · '}
                  <time dateTime={event.created_at}>{formatRecent(event.created_at)}</time>
                </p>
                {title ? <p className="thread-title">{title}</p> : null}
                {event.text ? (
                  <p dir="auto" className="pre-line">
                    {event.text}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {canWrite ? (
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormError message={error} />
          <TextArea
            label={t('tickets.message')}
            name="message"
            rows={3}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSent(false);
            }}
            error={required(text)}
            disabled={busy}
            maxLength={5000}
            required
          />
          <p className="success-text" role="status">
            {sent ? t('tickets.messageSent') : ''}
          </p>
          <SubmitButton busy={busy} busyLabel={t('tickets.messageSending')}>
            {t('tickets.messageSend')}
          </SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
