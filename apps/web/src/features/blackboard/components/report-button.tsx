import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS } from '@hausportal/contract';
import { FormError, SubmitButton, TextArea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/notify';
import { useSending } from '@/lib/use-sending';
import { getMyReportsAbout, reportContent } from '../moderation-api';
import { registerBackOfficeStrings } from '@/i18n/back-office';

registerBackOfficeStrings();

type Kind = 'messages' | 'comments';

/** What the resident reported on the post's page: those items show 'Gemeldet'. */
interface Reported {
  has: (kind: Kind, id: number) => boolean;
  add: (kind: Kind, id: number) => void;
}

export const ReportedContext = createContext<Reported | null>(null);

/**
 * The items of one post (the post and its comments) the resident has reported, from the server,
 * so 'Gemeldet' is still there after a reload; a report sent from this page adds to it at once.
 * Without an answer (offline) every 'Inhalt melden' stays; reporting twice is harmless (the server
 * answers 200 and keeps the first report).
 */
export function useReportedItems(messageId: number, online: boolean): Reported {
  const [keys, setKeys] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!online || !Number.isInteger(messageId) || messageId <= 0) return;
    let live = true;
    getMyReportsAbout(messageId).then(
      (page) => {
        if (!live) return;
        const found = page.results.map((r) => `${r.kind === 'message' ? 'messages' : 'comments'}:${r.target_id}`);
        setKeys((now) => new Set([...now, ...found]));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [messageId, online]);
  const add = useCallback((kind: Kind, id: number) => setKeys((now) => new Set(now).add(`${kind}:${id}`)), []);
  return useMemo(() => ({ has: (kind: Kind, id: number) => keys.has(`${kind}:${id}`), add }), [keys, add]);
}

/**
 * The button's accessible name: which item it reports, by the author's name as the page shows it
 * (a comment also by its time, as one neighbour often writes several), or by the time alone when no
 * name is shown. It starts with the visible 'Inhalt melden', so speech input finds it (WCAG 2.5.3).
 */
function useReportLabel(kind: Kind, author: string, createdAt: string): string {
  const { t } = useTranslation();
  const date = formatDateTime(createdAt);
  const name = author.trim();
  if (kind === 'messages')
    return name ? t('backOffice.reportPostBy', { author: name }) : t('backOffice.reportPostAt', { date });
  return name ? t('backOffice.reportCommentBy', { author: name, date }) : t('backOffice.reportCommentAt', { date });
}

/**
 * 'Inhalt melden' (DSA Art. 16): any resident reports a post or comment with a reason and an
 * optional text, and sends it with 'Hinweis senden' ('Meldung' is a defect ticket's word); the
 * server's acknowledgement says what happens next. Sending without a reason shows the
 * message at the reasons, and the focus goes to the first of them.
 */
export function ReportButton({
  kind,
  id,
  author,
  createdAt,
}: {
  kind: Kind;
  id: number;
  /** The author's name as the page shows it (user_name). */
  author: string;
  createdAt: string;
}) {
  const { t } = useTranslation();
  const label = useReportLabel(kind, author, createdAt);
  const reasonId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const reported = useContext(ReportedContext);
  const done = useRef<HTMLSpanElement>(null);
  const [justReported, setJustReported] = useState(false);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const { busy, error, send } = useSending();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setReasonMissing(true);
      firstReason.current?.focus();
      return;
    }
    await send(async () => {
      const ack = await reportContent(kind, id, reason, text.trim());
      setOpen(false);
      setReason('');
      setText('');
      reported?.add(kind, id);
      setJustReported(true);
      notify('success', ack.detail);
    });
  }

  // The button becomes the mark; the focus that was on it goes to the mark, not to the page's top.
  useEffect(() => {
    if (justReported) done.current?.focus();
  }, [justReported]);

  if (reported?.has(kind, id))
    return (
      <span ref={done} className="tag tag-reported" tabIndex={-1}>
        {t('backOffice.reported')}
      </span>
    );

  return (
    <>
      <button
        type="button"
        className="button button-small report-button"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        {t('backOffice.report')}
      </button>
      <Modal
        open={open}
        title={t('backOffice.reportTitle')}
        onClose={() => {
          setOpen(false);
          setReasonMissing(false);
        }}
      >
        <form className="form stack" onSubmit={onSubmit} noValidate>
          <FormError message={error} />
          <fieldset className={`choice-group${reasonMissing ? ' field-invalid' : ''}`}>
            <legend>{t('backOffice.reportReason')}</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="choice">
                <input
                  ref={index === 0 ? firstReason : undefined}
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  aria-invalid={reasonMissing ? true : undefined}
                  // On each reason, so the message is read with whichever one has the focus.
                  aria-describedby={reasonMissing ? `${reasonId}-error` : undefined}
                  onChange={() => {
                    setReason(value);
                    setReasonMissing(false);
                  }}
                />
                {t(`backOffice.reason_${value}`)}
              </label>
            ))}
            {reasonMissing ? (
              <p className="field-error" id={`${reasonId}-error`}>
                {t('backOffice.reportReasonRequired')}
              </p>
            ) : null}
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
