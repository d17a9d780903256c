import { useRef, useState } from 'react';
import { craftsmanDe as s } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { messageOf } from './use-job';
import { ConfirmPanel, ErrorText, StepButton, TextArea, type StepProps } from './ui';

/** 'offered': take the job, or decline it after a question in place, with an optional reason. */
export function OfferStep({ busy, send, notify }: StepProps) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);
  const declineButton = useRef<HTMLButtonElement>(null);

  const accept = async () => {
    setError(null);
    const failed = await send('accept', (token) => craftsmanApi.accept(token));
    if (failed) setError({ message: messageOf(failed) });
    else notify(s.accepted);
  };

  const decline = async () => {
    setError(null);
    const failed = await send('decline', (token) => craftsmanApi.decline(token, reason.trim()));
    if (failed) {
      setError({
        message: messageOf(failed),
        reason: failed.kind === 'failed' ? failed.fields.reason : undefined,
      });
    } else notify(s.declined);
  };

  const cancel = () => {
    setDeclining(false);
    setError(null);
    // Back to where the question was asked from.
    requestAnimationFrame(() => declineButton.current?.focus());
  };

  return (
    <div className="cm-actions">
      {!declining ? (
        <div className="cm-button-row">
          <StepButton
            step="accept"
            busy={busy}
            label={s.accept}
            busyLabel={s.accepting}
            onClick={() => void accept()}
          />
          <StepButton
            ref={declineButton}
            step="decline"
            busy={busy}
            label={s.decline}
            busyLabel={s.declining}
            variant="secondary"
            onClick={() => {
              setError(null);
              setDeclining(true);
            }}
          />
        </div>
      ) : (
        <ConfirmPanel title={s.declineTitle} onCancel={cancel}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void decline();
            }}
          >
            <TextArea
              label={s.declineReason}
              hint={s.declineReasonHint}
              value={reason}
              onChange={setReason}
              error={error?.reason}
              disabled={busy !== null}
            />
            <div className="cm-button-row">
              <StepButton
                step="decline"
                busy={busy}
                label={s.declineConfirm}
                busyLabel={s.declining}
                variant="danger"
                type="submit"
              />
              <button type="button" className="cm-button cm-button-secondary" disabled={busy !== null} onClick={cancel}>
                {s.cancel}
              </button>
            </div>
          </form>
        </ConfirmPanel>
      )}
      <ErrorText>{error?.message}</ErrorText>
    </div>
  );
}
