import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Provider } from '@hausportal/contract';
import { config } from '@/config';
import { FormError, TextArea } from '@/components/ui/field';
import { parseErrorBody } from '@/lib/api-client';
import { describeError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { isBlank } from '@/lib/validation';
import { sendProviderRequest } from '../api';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

/** product §2.13: empty, requesting, sent. */
type RequestState = 'empty' | 'requesting' | 'sent';

export function RequestForm({ provider, intro }: { provider: Provider; intro: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [text, setText] = useState('');
  // 'Eingabe ist zwingend' only once it helps: after typing and clearing, or a submit attempt;
  // never for a field the resident merely tapped through.
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<RequestState>('empty');
  const [error, setError] = useState<string | null>(null);
  const sent = useRef<HTMLDivElement>(null);
  const placeholder = provider.placeholder || t('services.defaultPlaceholder');

  // One confirmation: the thank-you block comes into view from its top, under the
  // header, and takes the focus, so a screen reader reads it once and the page does not rest
  // in the middle of a form that has gone.
  useEffect(() => {
    if (state !== 'sent' || !sent.current) return;
    sent.current.scrollIntoView?.({ block: 'start' });
    sent.current.focus({ preventScroll: true });
  }, [state]);
  const blank = isBlank(text);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state === 'sent') {
      setText('');
      setTouched(false);
      setState('empty');
      return;
    }
    setTouched(true);
    if (blank) return;
    setError(null);
    setState('requesting');
    try {
      await sendProviderRequest(provider.id, text.trim());
      setState('sent');
      notify('success', t('services.sentToast'), config.toast.providerRequestMs, { quiet: true });
    } catch (failure) {
      const errors = describeError(parseErrorBody(failure), t);
      setError(errors.general ?? Object.values(errors.fields).join(' '));
      setState('empty');
    }
  }

  return (
    <form className="form request-form" onSubmit={onSubmit} aria-labelledby={headingId} noValidate>
      <h3 id={headingId}>{t('services.requestHeading', { name: provider.name })}</h3>
      {intro ? (
        <p dir="auto" className="pre-line muted">
          {intro}
        </p>
      ) : null}
      <FormError message={error} />
      {state === 'sent' ? (
        <div className="request-sent" ref={sent} tabIndex={-1}>
          <p className="success-text">{t('services.thanks', { name: provider.name })}</p>
          {/* What was sent stays readable, in the resident's own words (kept until 'Neue Anfrage schicken'). */}
          <figure className="sent-text">
            <figcaption>{t('services.yourRequest')}</figcaption>
            <blockquote dir="auto" className="pre-line">
              {text.trim()}
            </blockquote>
          </figure>
          <Link to="/requests" className="button">
            {t('backOffice.myRequestsLink')}
          </Link>
        </div>
      ) : (
        <TextArea
          label={t('services.requestLabel')}
          name="text"
          rows={5}
          placeholder={placeholder}
          // The provider's own placeholder is written as the management wrote it (often German): it
          // keeps its direction in a right-to-left form, and so does what the resident types.
          dir={provider.placeholder ? 'auto' : undefined}
          value={text}
          onChange={(e) => {
            if (isBlank(e.target.value) && !isBlank(text)) setTouched(true);
            setText(e.target.value);
          }}
          error={touched && blank ? t('errors.required') : null}
          disabled={state === 'requesting'}
          required
        />
      )}
      <button
        type="submit"
        className="button button-primary"
        disabled={state === 'requesting' || (state === 'empty' && blank)}
        aria-busy={state === 'requesting'}
      >
        {state === 'sent' ? t('services.again') : state === 'requesting' ? t('services.sending') : t('services.send')}
      </button>
    </form>
  );
}
