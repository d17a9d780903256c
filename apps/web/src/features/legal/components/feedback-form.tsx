import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_NAME_MAX,
  FEEDBACK_WHERE_MAX,
  type AccessibilityFeedbackInput,
} from '@hausportal/contract';
import { FormError, SubmitButton, TextArea, TextField } from '@/components/ui/field';
import { parseErrorBody } from '@/lib/api-client';
import { describeError, noFormErrors, type FormErrors } from '@/lib/form-errors';
import { useFocusFirstError } from '@/lib/use-focus-first-error';
import { isBlank } from '@/lib/validation';
import { sendAccessibilityFeedback } from '../api';

const EMPTY: Required<AccessibilityFeedbackInput> = { message: '', where: '', name: '', email: '' };
// A rough check before sending, so the message comes in the resident's language; the server checks properly.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The accessibility statement's feedback form: works without sign-in; the server mails
 * it to the management. Only the message is required; a name and address only if an answer is wanted.
 */
export function FeedbackForm() {
  const { t } = useTranslation();
  const headingId = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  useFocusFirstError(form, refusals);

  // The thank-you takes the focus, so a screen reader reads it once and the keyboard starts there.
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  function refuse(found: FormErrors) {
    setErrors(found);
    setRefusals((n) => n + 1);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (isBlank(values.message)) fields.message = t('errors.required');
    if (values.email.trim() && !EMAIL.test(values.email.trim())) fields.email = t('legal.feedback.emailInvalid');
    if (Object.keys(fields).length) return refuse({ fields, general: null });
    setBusy(true);
    setErrors(noFormErrors);
    try {
      await sendAccessibilityFeedback({
        message: values.message.trim(),
        where: values.where.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
      });
      setSent(true);
    } catch (failure) {
      refuse(describeError(parseErrorBody(failure), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card legal-feedback" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('legal.feedback.heading')}</h2>
      {sent ? (
        <div className="stack" ref={thanks} tabIndex={-1}>
          <p className="notice notice-success">{t('legal.feedback.sent')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setValues(EMPTY);
              setSent(false);
            }}
          >
            {t('legal.feedback.again')}
          </button>
        </div>
      ) : (
        <form ref={form} className="form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
          <p>{t('legal.feedback.intro')}</p>
          <FormError message={errors.general} />
          <TextArea
            label={t('legal.feedback.message')}
            hint={t('legal.feedback.messageHint')}
            name="message"
            rows={6}
            maxLength={FEEDBACK_MESSAGE_MAX}
            value={values.message}
            onChange={set('message')}
            error={errors.fields.message}
            required
          />
          <TextField
            label={t('legal.feedback.where')}
            hint={t('legal.feedback.whereHint')}
            name="where"
            maxLength={FEEDBACK_WHERE_MAX}
            value={values.where}
            onChange={set('where')}
            error={errors.fields.where}
          />
          <TextField
            label={t('legal.feedback.name')}
            name="name"
            autoComplete="name"
            maxLength={FEEDBACK_NAME_MAX}
            value={values.name}
            onChange={set('name')}
            error={errors.fields.name}
          />
          <TextField
            label={t('legal.feedback.email')}
            hint={t('legal.feedback.emailHint')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={set('email')}
            error={errors.fields.email}
          />
          <p className="muted">{t('legal.feedback.privacy')}</p>
          <SubmitButton busy={busy} busyLabel={t('legal.feedback.sending')}>
            {t('legal.feedback.send')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
