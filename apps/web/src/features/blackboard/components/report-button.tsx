import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS } from '@hausportal/contract';
import { FormError, SubmitButton, TextArea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/notify';
import { useSending } from '@/lib/use-sending';
import { reportContent } from '../moderation-api';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

/**
 * 'Melden' (DSA Art. 16): any resident reports a post or comment with a reason and an optional
 * text; the server's acknowledgement says what happens next.
 */
export function ReportButton({ kind, id }: { kind: 'messages' | 'comments'; id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const { busy, error, send } = useSending();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    await send(async () => {
      const ack = await reportContent(kind, id, reason, text.trim());
      setOpen(false);
      setReason('');
      setText('');
      notify('success', ack.detail);
    });
  }

  return (
    <>
      <button type="button" className="button button-small report-button" onClick={() => setOpen(true)}>
        {t('backOffice.report')}
      </button>
      <Modal open={open} title={t('backOffice.reportTitle')} onClose={() => setOpen(false)}>
        <form className="form stack" onSubmit={onSubmit} noValidate>
          <FormError message={error} />
          <fieldset className="choice-group">
            <legend>{t('backOffice.reportReason')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {t(`backOffice.reason_${value}`)}
              </label>
            ))}
          </fieldset>
          <TextArea
            label={t('backOffice.reportText')}
            value={text}
            maxLength={2000}
            rows={3}
            onChange={(e) => setText(e.target.value)}
          />
          <SubmitButton busy={busy} busyLabel={t('backOffice.reportSending')}>
            {t('backOffice.reportSend')}
          </SubmitButton>
        </form>
      </Modal>
    </>
  );
}
