import { useId, useState } from 'react';
import { craftsmanDe as s } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { messageOf } from './use-job';
import { ConfirmPanel, ErrorText, QuestionForm, StepButton, TextArea, useQuestion, type StepProps } from './ui';

/** 'Auftrag als erledigt melden', after a question in place: it ends what the link can do. */
export function DoneStep({ busy, send, notify }: StepProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<{ message: string; text?: string } | null>(null);
  const { asking, opener, ask, cancel } = useQuestion(() => setError(null));
  const id = useId();

  const done = async () => {
    setError(null);
    const failed = await send('done', (token) => craftsmanApi.done(token, text.trim()));
    if (failed) {
      setError({ message: messageOf(failed), text: failed.kind === 'failed' ? failed.fields.text : undefined });
    } else notify(s.doneSent);
  };

  return (
    <section className="cm-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{s.doneTitle}</h2>
      {!asking ? (
        <StepButton ref={opener} step="done" busy={busy} label={s.done} busyLabel={s.doneSending} onClick={ask} />
      ) : (
        <ConfirmPanel title={s.doneConfirmTitle} onCancel={cancel}>
          <p>{s.doneConfirmText}</p>
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
