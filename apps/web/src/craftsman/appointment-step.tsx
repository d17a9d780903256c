import { useId, useRef, useState } from 'react';
import { craftsmanDe as s, fill } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { berlinTime, berlinToday, formatAppointment, localDateTime } from './appointment';
import { messageOf } from './use-job';
import { ErrorText, StepButton, type StepProps } from './ui';

/**
 * 'Termin vereinbart': a date and a time (the phone's own pickers), sent as the local date-time
 * in Berlin that the API takes. A set appointment fills the fields, so changing it is one step.
 */
export function AppointmentStep({ busy, send, notify, appointmentAt }: StepProps & { appointmentAt: string | null }) {
  const current = appointmentAt ? berlinTime(appointmentAt) : null;
  const [date, setDate] = useState(current?.date ?? '');
  const [time, setTime] = useState(current?.time ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const dateInput = useRef<HTMLInputElement>(null);
  const timeInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    setError(null);
    const at = localDateTime(date, time);
    if (!at) {
      setFieldError(s.appointmentRequired);
      (localDateTime(date, '00:00') ? timeInput : dateInput).current?.focus();
      return;
    }
    setFieldError(null);
    const failed = await send('appointment', (token) => craftsmanApi.appointment(token, at));
    if (!failed) {
      notify(fill(s.appointmentSaved, { when: formatAppointment(at) }));
      return;
    }
    const field = failed.kind === 'failed' ? failed.fields.at : undefined;
    if (field) setFieldError(field);
    setError(messageOf(failed) || null);
  };

  const describedBy = fieldError ? `${id}-error` : `${id}-hint`;
  return (
    <section className="cm-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{s.appointmentTitle}</h2>
      <p id={`${id}-hint`} className="cm-hint">
        {s.appointmentHint}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="cm-when">
          <div className="cm-field">
            <label htmlFor={`${id}-date`}>{s.appointmentDate}</label>
            <input
              ref={dateInput}
              id={`${id}-date`}
              type="date"
              value={date}
              min={berlinToday()}
              required
              disabled={busy !== null}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div className="cm-field">
            <label htmlFor={`${id}-time`}>{s.appointmentTime}</label>
            <input
              ref={timeInput}
              id={`${id}-time`}
              type="time"
              step={300}
              value={time}
              required
              disabled={busy !== null}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
        </div>
        {fieldError && (
          <p id={`${id}-error`} className="cm-error" role="alert">
            {fieldError}
          </p>
        )}
        <StepButton
          step="appointment"
          busy={busy}
          type="submit"
          label={appointmentAt ? s.appointmentChange : s.appointmentSave}
          busyLabel={s.appointmentSaving}
        />
      </form>
      <ErrorText>{error}</ErrorText>
    </section>
  );
}
