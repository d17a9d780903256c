import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@hausportal/contract';
import { FormError, SubmitButton, TextArea } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { useSending } from '@/lib/use-sending';
import { useAppDispatch } from '@/lib/redux/hooks';
import { isBlank } from '@/lib/validation';
import { resubmitMessage } from '../moderation-api';
import { fetchMessage } from '../slice';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

/** The author of a rejected post edits it and submits it again; it then waits 'In Prüfung'. */
export function ResubmitForm({ message }: { message: Message }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.text);
  const { busy, error, send } = useSending();

  if (!editing) {
    return (
      <button type="button" className="button" onClick={() => setEditing(true)}>
        {t('backOffice.editAgain')}
      </button>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBlank(text)) return;
    await send(async () => {
      await resubmitMessage(message.id, text.trim());
      notify('success', t('backOffice.resubmitted'));
      setEditing(false);
      await dispatch(fetchMessage(message.id));
    });
  }

  return (
    <form className="form card stack" onSubmit={onSubmit} noValidate aria-label={t('backOffice.editTitle')}>
      <FormError message={error} />
      <TextArea
        label={t('backOffice.editTitle')}
        value={text}
        rows={6}
        required
        error={isBlank(text) ? t('errors.required') : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <SubmitButton busy={busy}>{t('backOffice.resubmit')}</SubmitButton>
    </form>
  );
}
