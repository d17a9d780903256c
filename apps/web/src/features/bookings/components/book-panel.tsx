import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Booking } from '@hausportal/contract';
import { errorText } from '../api';

/**
 * Below the calendar: what is chosen, an optional note and 'Verbindlich buchen'. A booking made
 * opens its confirmation; a refusal (the German 409 of a clash, say) stays here as an alert.
 */
export function BookPanel({
  summary,
  ready,
  book,
  onFailed,
}: {
  /** What is chosen, or what to do next. */
  summary: ReactNode;
  ready: boolean;
  book: (note: string) => Promise<Booking>;
  /** After a refusal: the free and taken times are read again. */
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      const b = await book(note);
      navigate(`/buchen/gebucht/${b.id}`, { state: { booking: b } });
    } catch (err) {
      setError(errorText(err, t('bookings.failed')));
      setBusy(false);
      onFailed();
    }
  };

  return (
    <div className="card stack booking-confirm">
      <div aria-live="polite" className="booking-summary">
        {summary}
      </div>
      <div className="field">
        <label htmlFor={noteId}>{t('bookings.note')}</label>
        <input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </div>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={!ready || busy}
        onClick={() => void submit()}
      >
        {busy ? t('bookings.booking') : t('bookings.book')}
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
