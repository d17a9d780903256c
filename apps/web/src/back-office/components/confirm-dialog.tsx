import { useId, useState, type ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { s } from '../strings';
import { describedBy, FieldNotes } from './form-fields';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence. */
  message?: ReactNode;
  confirmLabel: string;
  /** A destructive action gets the red button. */
  danger?: boolean;
  /**
   * With a label, the dialog asks for a required text (e.g. 'Begründung'); the confirm button
   * stays disabled until it holds more than white space, and `onConfirm` gets it trimmed.
   */
  reasonLabel?: string;
  reasonHint?: string;
  /** A server error to show in the dialog (e.g. the `rejection_reason` message). */
  error?: string | null;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * A modal confirmation on `components/ui/modal.tsx` (focus stays inside and returns to the
 * opener on closing). Render it only while needed, or keep it mounted with `open`; the reason
 * starts empty each time it opens.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose}>
      {/* Mounted only while open, so the reason starts empty every time. */}
      <ConfirmBody {...props} />
    </Modal>
  );
}

/**
 * Focuses the reason field once the dialog is shown. Later than the modal's own effect, which
 * remembers the opener from the focus it finds, so that closing still returns focus there.
 */
function focusSoon(element: HTMLTextAreaElement | null): void {
  if (element) setTimeout(() => element.focus(), 0);
}

/**
 * A dialog's form: its content, then 'Abbrechen' and the dialog's own submit button. Enter
 * submits as the button does; the browser's checks are off, the dialog checks itself.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  submit,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  /** The confirming button (type submit), styled and labelled by the dialog. */
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className="form admin-dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="button-row">
        <button type="button" className="button" onClick={onCancel}>
          {s.form.cancel}
        </button>
        {submit}
      </div>
    </form>
  );
}

function ConfirmBody({
  message,
  confirmLabel,
  danger,
  reasonLabel,
  reasonHint,
  error,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  const needsReason = Boolean(reasonLabel);
  const ready = !needsReason || reason.trim().length > 0;
  return (
    <DialogForm
      onSubmit={() => {
        if (ready && !busy) onConfirm(reason.trim());
      }}
      onCancel={onClose}
      submit={
        <button
          type="submit"
          className={`button ${danger ? 'button-danger-solid' : 'button-primary'}`}
          disabled={!ready || busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
      }
    >
      {message ? <div className="admin-dialog-message">{message}</div> : null}
      {needsReason ? (
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id}>{reasonLabel}</label>
          <textarea
            id={id}
            rows={4}
            value={reason}
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, reasonHint, error)}
            onChange={(event) => setReason(event.target.value)}
            ref={focusSoon}
          />
          <FieldNotes id={id} hint={reasonHint} error={error} alert />
        </div>
      ) : error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </DialogForm>
  );
}
