import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, TextArea } from '@/components/ui/field';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { parseErrorBody } from '@/lib/api-client';
import { describeError } from '@/lib/form-errors';
import { isBlank } from '@/lib/validation';
import { fetchComments, fetchMessage, fetchMessages } from '../slice';
import { postComment } from '../api';
import { registerPostStrings } from '@/i18n/posts';

registerPostStrings();

/** product §2.10: submitting, then done once the messages are fetched again. */
export function CommentForm({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const page = useAppSelector((s) => s.messages.page);
  const [text, setText] = useState('');
  const [state, setState] = useState<'typing' | 'submitting' | 'done'>('typing');
  const [error, setError] = useState<string | null>(null);
  // A trusted reception's comment appears at once: no promise of a review then.
  const [published, setPublished] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBlank(text)) return;
    setError(null);
    setState('submitting');
    try {
      setPublished((await postComment(messageId, text.trim())).status === 'approved');
    } catch (failure) {
      const errors = describeError(parseErrorBody(failure), t);
      setError(errors.general ?? Object.values(errors.fields).join(' '));
      setState('typing');
      return;
    }
    // Comments and messages reload; the thank-you replaces the form once messages are back.
    void dispatch(fetchComments(messageId));
    await Promise.all([dispatch(fetchMessages(page)), dispatch(fetchMessage(messageId))]);
    setState('done');
  }

  if (state === 'done') {
    return (
      <p id="newComment" className="notice notice-success" role="status" tabIndex={-1}>
        {t(published ? 'detail.commentPublished' : 'detail.commentThanks')}
      </p>
    );
  }

  return (
    <form id="newComment" className="form comment-form" onSubmit={onSubmit} noValidate>
      <FormError message={error} />
      <TextArea
        label={t('detail.commentLabel')}
        name="text"
        rows={3}
        placeholder={t('detail.commentPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={state === 'submitting'}
      />
      <button
        type="submit"
        className="button button-primary"
        disabled={isBlank(text) || state === 'submitting'}
        aria-busy={state === 'submitting'}
      >
        {t('detail.commentSubmit')}
      </button>
    </form>
  );
}
