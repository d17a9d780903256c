import { useId, useRef, useState } from 'react';
import { craftsmanDe as s } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { messageOf } from './use-job';
import { ConfirmPanel, ErrorText, StepButton, TextArea, type StepProps } from './ui';

/** 'Auftrag als erledigt melden', after a question in place: it ends what the link can do. */
export function DoneStep({ busy, send, notify }: StepProps) {
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<{ message: string; text?: string } | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();

  const done = async () => {
    setError(null);
    const failed = await send('done', (token) => craftsmanApi.done(token, text.trim()));
    if (failed) {
      setError({ message: messageOf(failed), text: failed.kind === 'failed' ? failed.fields.text : undefined });
    } else notify(s.doneSent);
  };

  const cancel = () => {
    setConfirming(false);
    setError(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <section className="cm-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{s.doneTitle}</h2>
      {!confirming ? (
        <StepButton
          ref={opener}
          step="done"
          busy={busy}
          label={s.done}
          busyLabel={s.doneSending}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        />
      ) : (
        <ConfirmPanel title={s.doneConfirmTitle} onCancel={cancel}>
          <p>{s.doneConfirmText}</p>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void done();
            }}
          >
            <TextArea label={s.doneText} value={text} onChange={setText} error={error?.text} disabled={busy !== null} />
            <div className="cm-button-row">
              <StepButton step="done" busy={busy} type="submit" label={s.doneConfirm} busyLabel={s.doneSending} />
              <button type="button" className="cm-button cm-button-secondary" disabled={busy !== null} onClick={cancel}>
                {s.cancel}
              </button>
            </div>
          </form>
        </ConfirmPanel>
      )}
      <ErrorText>{error?.message}</ErrorText>
    </section>
  );
}
