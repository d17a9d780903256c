import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@hausportal/contract';
import { FormError, SubmitButton, TextArea } from '@/components/ui/field';
import { formatDateTime } from '@/lib/format-date';
import { useRequired } from '@/lib/use-required';
import { useSending } from '@/lib/use-sending';
import { isBlank } from '@/lib/validation';
import { rateTicket, reopenTicket } from '../api';

/** Whether the reporter may still rate or reopen: 'Erledigt' and before `reopen_until`. */
export function canRateOrReopen(ticket: Ticket, now: number = Date.now()): boolean {
  return (
    ticket.relation === 'reporter' &&
    ticket.status === 'done' &&
    ticket.merged_into_id === null &&
    ticket.reopen_until !== null &&
    now < new Date(ticket.reopen_until).getTime()
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1 to 5 stars as a native radio group (arrow keys move, a screen reader says '3 Sterne, 3 von
 * 5'), drawn as large stars; the optional text below.
 */
function RatingForm({ ticketId, onDone }: { ticketId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useId();
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, send } = useSending();
  const starsError = tried && stars === 0 ? t('tickets.starsRequired') : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (stars === 0) {
      document.getElementById(`${name}-1`)?.focus();
      return;
    }
    await send(async () => {
      await rateTicket(ticketId, stars, text.trim());
      onDone();
    });
  }

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormError message={error} />
      <fieldset
        className={`star-rating${starsError ? ' field-invalid' : ''}`}
        aria-describedby={starsError ? `${name}-error` : undefined}
      >
        <legend>{t('tickets.stars')}</legend>
        <div className="stars">
          {STARS.map((n) => (
            <label key={n} className={`star${n <= stars ? ' is-on' : ''}`}>
              <input
                type="radio"
                id={`${name}-${n}`}
                name={name}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                disabled={busy}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('tickets.star', { count: n })}</span>
            </label>
          ))}
        </div>
        {stars > 0 ? (
          <p className="muted" aria-hidden="true">
            {t('tickets.star', { count: stars })}
          </p>
        ) : null}
        {starsError ? (
          <p className="field-error" id={`${name}-error`}>
            {starsError}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label={t('tickets.rateText')}
        name="rating_text"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
        maxLength={2000}
      />
      <SubmitButton busy={busy} busyLabel={t('tickets.rateSending')}>
        {t('tickets.rateSend')}
      </SubmitButton>
    </form>
  );
}

/** 'Wieder öffnen' with the reason it needs, behind a button so it is not opened by mistake. */
function ReopenForm({ ticketId, onDone }: { ticketId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const { busy, error, send } = useSending();
  const { markSubmitted, required } = useRequired();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (isBlank(text)) return;
    await send(async () => {
      await reopenTicket(ticketId, text.trim());
      onDone();
    });
  }

  if (!open) {
    return (
      <button type="button" className="button button-block" onClick={() => setOpen(true)} aria-expanded={false}>
        {t('tickets.reopen')}
      </button>
    );
  }
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormError message={error} />
      <TextArea
        label={t('tickets.reopenReason')}
        name="reopen_text"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={required(text)}
        disabled={busy}
        maxLength={2000}
        required
        autoFocus
      />
      <SubmitButton busy={busy} busyLabel={t('tickets.reopenSending')}>
        {t('tickets.reopenSend')}
      </SubmitButton>
    </form>
  );
}

/**
 * After 'Erledigt': the reporter rates the repair or reopens the ticket, until
 * `reopen_until`. A rating given shows for good; followers see neither.
 */
export function RateAndReopen({ ticket, onChanged }: { ticket: Ticket; onChanged: (message: string) => void }) {
  const { t } = useTranslation();
  const rateId = useId();
  const reopenId = useId();
  const open = canRateOrReopen(ticket);
  if (!open && !ticket.rating) return null;
  return (
    <>
      <section className="card stack" aria-labelledby={rateId}>
        <h2 id={rateId}>{t('tickets.rateHeading')}</h2>
        {ticket.rating ? (
          <div className="stack">
            <p>
              <span className="stars-shown" aria-hidden="true">
                {'★'.repeat(ticket.rating.stars)}
                {'☆'.repeat(5 - ticket.rating.stars)}
              </span>{' '}
              {t('tickets.rated', { stars: ticket.rating.stars })}
            </p>
            {ticket.rating.text ? (
              <p dir="auto" className="pre-line">
                {ticket.rating.text}
              </p>
            ) : null}
          </div>
        ) : (
          <>
            <p className="muted">{t('tickets.rateUntil', { date: formatDateTime(ticket.reopen_until!) })}</p>
            <RatingForm ticketId={ticket.id} onDone={() => onChanged(t('tickets.rateThanks'))} />
          </>
        )}
      </section>
      {open ? (
        <section className="card stack" aria-labelledby={reopenId}>
          <h2 id={reopenId}>{t('tickets.reopenHeading')}</h2>
          <ReopenForm ticketId={ticket.id} onDone={() => onChanged(t('tickets.reopened'))} />
        </section>
      ) : null}
    </>
  );
}
