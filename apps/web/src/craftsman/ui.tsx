import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import type { CraftsmanJob } from '@hausportal/contract';
import { craftsmanDe as s } from '@/i18n/craftsman';
import type { CallError } from './api';
import type { Step } from './use-job';

/** What every step of the page gets from it. */
export interface StepProps {
  busy: Step | null;
  send: (
    step: Step,
    work: (token: string, apply: (job: CraftsmanJob) => void) => Promise<CraftsmanJob | void>,
  ) => Promise<CallError | null>;
  /** A short confirmation in the page's live region ('Auftrag angenommen.'). */
  notify: (text: string) => void;
}

/** A button that says what it is doing while its step is sent, and waits while any step is. */
export function StepButton({
  step,
  busy,
  label,
  busyLabel,
  variant = 'primary',
  type = 'button',
  onClick,
  ref,
}: {
  step: Step;
  busy: Step | null;
  label: string;
  busyLabel: string;
  variant?: 'primary' | 'secondary' | 'danger';
  type?: 'button' | 'submit';
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const sending = busy === step;
  return (
    <button
      ref={ref}
      type={type}
      className={`cm-button cm-button-${variant}`}
      disabled={busy !== null}
      onClick={onClick}
    >
      {sending && <span className="cm-spinner" aria-hidden="true" />}
      {sending ? busyLabel : label}
    </button>
  );
}

/** An error beside a step's controls; announced when it appears. */
export function ErrorText({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="cm-error" role="alert">
      {children}
    </p>
  );
}

/**
 * A question asked in place before a step that cannot be undone (decline, done): its heading
 * takes the focus when it opens, so a screen reader reads it, and Escape cancels.
 */
export function ConfirmPanel({
  title,
  children,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  onCancel: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div
      className="cm-confirm"
      role="group"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </div>
  );
}

/**
 * A question asked in place (ConfirmPanel) from a button: whether it is asked, the ref for that
 * button, `ask`, and `cancel`, which closes it and gives the button the focus back. `reset`
 * clears what the last try left behind (its error) on both.
 */
export function useQuestion(reset: () => void) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const ask = () => {
    reset();
    setAsking(true);
  };
  const cancel = () => {
    setAsking(false);
    reset();
    // Back to where the question was asked from.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return { asking, opener, ask, cancel };
}

/** The form of a question in place: its fields, then the step's button and 'Abbrechen'. */
export function QuestionForm({
  busy,
  submit,
  onSubmit,
  onCancel,
  children,
}: {
  busy: Step | null;
  /** The step's StepButton, of type submit. */
  submit: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="cm-button-row">
        {submit}
        <button type="button" className="cm-button cm-button-secondary" disabled={busy !== null} onClick={onCancel}>
          {s.cancel}
        </button>
      </div>
    </form>
  );
}

/** A labelled multi-line field with an optional hint and its error. */
export function TextArea({
  label,
  hint,
  value,
  onChange,
  error,
  disabled,
  required,
  ref,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="cm-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="cm-hint">
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={id}
        rows={3}
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="cm-error">
          {error}
        </p>
      )}
    </div>
  );
}
