import { useId, useRef, useState } from 'react';
import { craftsmanDe as s } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { messageOf } from './use-job';
import { ErrorText, StepButton, TextArea, type StepProps } from './ui';

/** A note to the management ('Ersatzteil bestellt'); it appears in the timeline below. */
export function NoteStep({ busy, send, notify }: StepProps) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    setError(null);
    if (!text.trim()) {
      setFieldError(s.noteRequired);
      field.current?.focus();
      return;
    }
    setFieldError(undefined);
    const failed = await send('note', (token) => craftsmanApi.note(token, text.trim()));
    if (!failed) {
      setText('');
      notify(s.noteSent);
      return;
    }
    if (failed.kind === 'failed' && failed.fields.text) setFieldError(failed.fields.text);
    setError(messageOf(failed) || null);
  };

  return (
    <section className="cm-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{s.noteTitle}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextArea
          ref={field}
          label={s.noteLabel}
          hint={s.noteHint}
          value={text}
          onChange={setText}
          error={fieldError}
          disabled={busy !== null}
          required
        />
        <StepButton step="note" busy={busy} type="submit" label={s.noteSend} busyLabel={s.noteSending} />
      </form>
      <ErrorText>{error}</ErrorText>
    </section>
  );
}
