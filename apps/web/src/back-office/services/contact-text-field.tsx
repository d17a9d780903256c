import { useId, useRef } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { CONTACT_TEXT_TOKENS, unknownContactTokens } from '@hausportal/contract';
import { Field } from '@/components/ui/field';
import { replaceContactTokens } from '@/lib/text';
import { fieldLabel } from '../components/form-fields';
import { t } from './strings';

/** The text a resident's request would start with, with sample values for the tokens. */
export function contactPreview(template: string, locationTitle: string): string {
  return replaceContactTokens(template, { ...t.sample, location: locationTitle });
}

/**
 * The service's contact text with buttons that insert a token at the cursor, and a live preview
 * with sample values (and a note on any token the resident app would not fill in).
 */
export function ContactTextField({ locationTitle, disabled }: { locationTitle: string; disabled?: boolean }) {
  const { register, control, setValue, formState } = useFormContext<{ contact_text: string }>();
  const value = useWatch({ control, name: 'contact_text' }) ?? '';
  const area = useRef<HTMLTextAreaElement | null>(null);
  const id = useId();
  const error = (get(formState.errors, 'contact_text') as { message?: string } | undefined)?.message;
  const { ref, ...field } = register('contact_text');
  const unknown = unknownContactTokens(value);
  const preview = contactPreview(value, locationTitle);

  const insert = (token: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = `${value.slice(0, start)}{${token}}${value.slice(end)}`;
    setValue('contact_text', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    const caret = start + token.length + 2;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  return (
    <div className="stack">
      <Field
        id={id}
        label={fieldLabel(t.fields.contact_text, false)}
        hint={t.hints.contactText}
        error={error}
        control={(wiring) => (
          <textarea
            rows={5}
            {...field}
            ref={(element) => {
              ref(element);
              area.current = element;
            }}
            {...wiring}
          />
        )}
      />
      <div className="admin-token-buttons" role="group" aria-label={t.tokens}>
        {CONTACT_TEXT_TOKENS.map((token) => (
          <button
            key={token}
            type="button"
            className="button button-small"
            disabled={disabled}
            aria-label={t.insertToken(`{${token}}`)}
            onClick={() => insert(token)}
          >
            {`{${token}}`}
          </button>
        ))}
      </div>
      <section aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className="admin-legend">
          {t.preview}
        </h3>
        <div className="admin-preview" data-testid="contact-preview">
          {preview || <span className="muted">{t.previewEmpty}</span>}
        </div>
        {unknown.length ? (
          <p className="field-error" role="status">
            {t.unknownTokens(unknown.join(', '))}
          </p>
        ) : null}
      </section>
    </div>
  );
}
