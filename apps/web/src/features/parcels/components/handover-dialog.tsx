import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceptionParcel } from '@hausportal/contract';
import { Isolated } from '@/components/ui/isolated';
import { errorText, handOver } from '../api';

/**
 * The handover of one apartment's open parcels: with the resident's code (the one searched for
 * comes filled in), or with a note.
 */
export function HandoverDialog({
  apartment,
  parcels,
  code: searched = '',
  onClose,
  onDone,
}: {
  apartment: string;
  parcels: ReceptionParcel[];
  code?: string;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(searched);
  const [withNote, setWithNote] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await handOver(
        withNote
          ? { apartment, note, ids: parcels.map((p) => p.id) }
          : { apartment, code, ids: parcels.map((p) => p.id) },
      );
      onDone(res.handed_over.length);
    } catch (err) {
      setError(errorText(err) ?? t('parcels.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="parcel-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <form className="card stack" onSubmit={(e) => void confirm(e)} noValidate>
        <h2 id={`${id}-title`}>
          <Isolated
            sentence={(v) => t('parcels.handOverTitle', { ...v, interpolation: { escapeValue: false } })}
            values={{ apartment }}
          />
        </h2>
        <ul className="parcel-list">
          {parcels.map((p) => (
            <li key={p.id}>
              {p.carrier}, {p.pieces} {t('parcels.pieces')}
              {p.storage_place ? ` · ${p.storage_place}` : ''}
              {p.tracking_number ? ` · ${p.tracking_number}` : ''}
            </li>
          ))}
        </ul>
        {withNote ? (
          <div className="field">
            <label htmlFor={`${id}-note`}>{t('parcels.note')}</label>
            <input
              id={`${id}-note`}
              value={note}
              autoFocus
              placeholder={t('parcels.notePlaceholder')}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-code`}>{t('parcels.code')}</label>
            <input
              id={`${id}-code`}
              value={code}
              autoFocus
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </div>
        )}
        <label className="parcel-check">
          <input type="checkbox" checked={withNote} onChange={(e) => setWithNote(e.target.checked)} />
          <span>{t('parcels.withNote')}</span>
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="parcel-row">
          <button type="button" className="button" onClick={onClose}>
            {t('parcels.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('parcels.confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}
