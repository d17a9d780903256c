import { useState } from 'react';
import { craftsmanDe as s } from '@/i18n/craftsman';
import { craftsmanApi } from './api';
import { messageOf } from './use-job';
import { ConfirmPanel, ErrorText, QuestionForm, StepButton, TextArea, useQuestion, type StepProps } from './ui';

/** 'offered': take the job, or decline it after a question in place, with an optional reason. */
export function OfferStep({ busy, send, notify }: StepProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);
  const { asking, opener, ask, cancel } = useQuestion(() => setError(null));

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

  return (
    <div className="cm-actions">
      {!asking ? (
        <div className="cm-button-row">
          <StepButton
            step="accept"
            busy={busy}
            label={s.accept}
            busyLabel={s.accepting}
            onClick={() => void accept()}
          />
          <StepButton
            ref={opener}
            step="decline"
            busy={busy}
            label={s.decline}
            busyLabel={s.declining}
            variant="secondary"
            onClick={ask}
          />
        </div>
      ) : (
        <ConfirmPanel title={s.declineTitle} onCancel={cancel}>
          <QuestionForm
            busy={busy}
            submit={
              <StepButton
                step="decline"
                busy={busy}
                label={s.declineConfirm}
                busyLabel={s.declining}
                variant="danger"
                type="submit"
              />
            }
            onSubmit={() => void decline()}
            onCancel={cancel}
          >
            <TextArea
              label={s.declineReason}
              hint={s.declineReasonHint}
              value={reason}
              onChange={setReason}
              error={error?.reason}
              disabled={busy !== null}
            />
          </QuestionForm>
        </ConfirmPanel>
      )}
      <ErrorText>{error?.message}</ErrorText>
    </div>
  );
}
