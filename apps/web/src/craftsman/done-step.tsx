import { useId, useState } from 'react';
import { craftsmanDe as s, fill } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { formatAppointment } from './appointment';
import { messageOf } from './use-job';
import { ConfirmPanel, ErrorText, QuestionForm, StepButton, TextArea, useQuestion, type StepProps } from './ui';

/**
 * 'Auftrag als erledigt melden', after a question in place: it ends what the link can do until
 * the management returns the job. Before the agreed appointment the question says so, and the
 * answer confirms it (`early`); the server asks the same when the phone's clock is behind.
 */
export function DoneStep({ busy, send, notify, appointmentAt }: StepProps & { appointmentAt: string | null }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<{ message: string; text?: string } | null>(null);
  // The server's 409 about the appointment: the question then is its sentence.
  const [serverAsks, setServerAsks] = useState<string | null>(null);
  // Whether the appointment is still ahead, read when the question opens (not while rendering).
  const [beforeAppointment, setBeforeAppointment] = useState(false);
  const { asking, opener, ask, cancel } = useQuestion(() => {
    setError(null);
    setServerAsks(null);
    setBeforeAppointment(appointmentAt !== null && Date.parse(appointmentAt) > Date.now());
  });
  const id = useId();
  const early = beforeAppointment || serverAsks !== null;

  const done = async () => {
    setError(null);
    const failed = await send('done', (token) => craftsmanApi.done(token, text.trim(), early));
    if (!failed) notify(s.doneSent);
    else if (failed.kind === 'failed' && failed.status === 409 && !early && failed.message)
      setServerAsks(failed.message);
    else setError({ message: messageOf(failed), text: failed.kind === 'failed' ? failed.fields.text : undefined });
  };

  const question = serverAsks
    ? serverAsks
    : beforeAppointment
      ? fill(s.doneEarlyText, { when: formatAppointment(appointmentAt ?? '') })
      : s.doneConfirmText;
  return (
    <section className="cm-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{s.doneTitle}</h2>
      {!asking ? (
        <StepButton ref={opener} step="done" busy={busy} label={s.done} busyLabel={s.doneSending} onClick={ask} />
      ) : (
        <ConfirmPanel title={s.doneConfirmTitle} onCancel={cancel}>
          <p className={early ? 'cm-warning' : undefined} role={serverAsks ? 'alert' : undefined}>
            {question}
          </p>
          <QuestionForm
            busy={busy}
            submit={
              <StepButton step="done" busy={busy} type="submit" label={s.doneConfirm} busyLabel={s.doneSending} />
            }
            onSubmit={() => void done()}
            onCancel={cancel}
          >
            <TextArea label={s.doneText} value={text} onChange={setText} error={error?.text} disabled={busy !== null} />
          </QuestionForm>
        </ConfirmPanel>
      )}
      <ErrorText>{error?.message}</ErrorText>
    </section>
  );
}
