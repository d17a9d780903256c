import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

interface FieldBase {
  label: string;
  error?: string | null;
  hint?: string;
}

/** What the control of a field gets from it: its id and the accessibility wiring. */
export interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, hint and error around one control, wired up for screen readers. The back office's
 * form fields use it too, with a label that may carry their '(optional)' mark.
 */
export function Field({
  label,
  error,
  hint,
  id,
  control,
}: Omit<FieldBase, 'label'> & { label: ReactNode; id?: string; control: (wiring: ControlWiring) => ReactNode }) {
  const generated = useId();
  const fieldId = id ?? generated;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      {control({ id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        // A message of the server may be German under a right-to-left form: it keeps its own direction.
        <p dir="auto" className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Splits what a field shows around its control (label, error, hint, id) from the control's own props. */
function splitField<P extends FieldBase & { id?: string }>({ label, error, hint, id, ...control }: P) {
  return [{ label, error, hint, id }, control] as const;
}

/** A labelled input with its error under it, wired up for screen readers. */
export function TextField(props: FieldBase & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = splitField(props);
  return <Field {...field} control={(wiring) => <input {...wiring} {...input} />} />;
}

/** A labelled textarea with its error under it. */
export function TextArea(props: FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, textarea] = splitField(props);
  return <Field {...field} control={(wiring) => <textarea {...wiring} {...textarea} />} />;
}

/**
 * A required password input; `onValueChange` gets what was typed. A toggle shows the password
 * in clear text, so that a resident typing on a phone can check it (a pressed toggle button,
 * the pattern screen readers announce as "Passwort anzeigen, umgeschaltet").
 */
export function PasswordField({
  onValueChange,
  ...props
}: FieldBase &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & { onValueChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [field, input] = splitField(props);
  return (
    <Field
      {...field}
      control={(wiring) => (
        <div className="password-input">
          <input
            {...wiring}
            {...input}
            type={shown ? 'text' : 'password'}
            onChange={(e) => onValueChange(e.target.value)}
            required
          />
          <button
            type="button"
            className="icon-button password-toggle"
            aria-label={t('app.showPassword')}
            aria-pressed={shown}
            aria-controls={wiring.id}
            onClick={() => setShown((value) => !value)}
          >
            <Icon name={shown ? 'eyeOff' : 'eye'} />
          </button>
        </div>
      )}
    />
  );
}

/** The full-width submit button of a form, disabled and marked busy while it is sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  /** What the button says while the form is sent, e.g. 'Anfrage wird gesendet …'. */
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** An error that concerns the whole form. */
export function FormError({ message }: { message?: string | null }) {
  return (
    <div dir="auto" className="form-error" role="alert" hidden={!message}>
      {message}
    </div>
  );
}

/** Several form-wide errors (e.g. one per refused file); nothing when there are none. */
export function FormErrorList({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="form-error" role="alert">
      {messages.map((message) => (
        <li key={message} dir="auto">
          {message}
        </li>
      ))}
    </ul>
  );
}
