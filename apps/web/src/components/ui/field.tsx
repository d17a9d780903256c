import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldBase {
  label: string;
  error?: string | null;
  hint?: string;
}

/** A labelled input with its error under it, wired up for screen readers. */
export function TextField({ label, error, hint, id, ...input }: FieldBase & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <input id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled textarea with its error under it. */
export function TextArea({ label, error, hint, id, ...textarea }: FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <textarea id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textarea} />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An error that concerns the whole form. */
export function FormError({ message }: { message?: string | null }) {
  return (
    <div className="form-error" role="alert" hidden={!message}>
      {message}
    </div>
  );
}
