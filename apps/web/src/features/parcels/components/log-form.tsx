import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { randomId } from '@/lib/random-id';
import { CARRIERS, errorText, logParcel, searchApartments, type Carrier, type DeskApartment } from '../api';
import { LabelPhoto } from './label-photo';

/** The desk remembers its storage place and carrier between parcels (and reloads). */
const STORAGE_KEY = 'hausportal.parcelDesk';
const MAX_PIECES = 50;
/** As the server takes it (5 to 40 letters, digits or hyphens); spaces may be typed as on the label. */
const TRACKING_PATTERN = '[A-Za-z0-9\\- ]{5,60}';
/** What the server keeps of a typed tracking number: no spaces, letters large. */
const trackingOf = (text: string) => text.replace(/\s+/g, '').toUpperCase();

function remembered(): { storage_place: string; carrier: Carrier } {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { storage_place?: string; carrier?: Carrier };
    return {
      storage_place: typeof v.storage_place === 'string' ? v.storage_place : '',
      carrier: v.carrier && (CARRIERS as readonly string[]).includes(v.carrier) ? v.carrier : 'DHL',
    };
  } catch {
    return { storage_place: '', carrier: 'DHL' };
  }
}

/**
 * Logging a parcel (ADR 030): pick the apartment (type-ahead), and the defaults (the
 * last carrier, 1 piece, the last storage place) are ready, so 'Speichern' is the one tap left.
 * The label photo is optional and never in the way of those taps.
 */
export function LogForm({ onLogged }: { onLogged: () => void }) {
  const { t } = useTranslation();
  const start = remembered();
  const [query, setQuery] = useState('');
  const [apartment, setApartment] = useState('');
  const [found, setOptions] = useState<DeskApartment[]>([]);
  const [carrier, setCarrier] = useState<Carrier>(start.carrier);
  const [pieces, setPieces] = useState(1);
  const [storage, setStorage] = useState(start.storage_place);
  const [note, setNote] = useState('');
  const [tracking, setTracking] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // Suggestions only while an apartment is being typed, not once one is picked.
  const options = apartment || !query.trim() ? [] : found;
  const key = useRef(randomId());
  const input = useRef<HTMLInputElement>(null);
  const trackingInput = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (apartment || !query.trim()) return;
    let live = true;
    const timer = setTimeout(() => {
      searchApartments(query.trim())
        .then((rows) => live && setOptions(rows))
        .catch(() => live && setOptions([]));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, apartment]);

  const pick = (number: string) => {
    setApartment(number);
    setQuery(number);
    setOptions([]);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = apartment || (options.length === 1 ? options[0]!.apartment_number : '');
    if (!chosen) {
      setError(t('parcels.pickApartment'));
      input.current?.focus();
      return;
    }
    const trackingNumber = trackingOf(tracking);
    if (trackingNumber && !/^[A-Z0-9-]{5,40}$/.test(trackingNumber)) {
      setError(t('parcels.trackingInvalid'));
      trackingInput.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await logParcel(
        {
          apartment: chosen,
          carrier,
          pieces,
          storage_place: storage.trim(),
          note: note.trim(),
          ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
        },
        key.current,
        photo,
      );
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ storage_place: storage.trim(), carrier }));
      } catch {
        // private mode: the defaults are only lost on reload
      }
      const text = t('parcels.logged', {
        carrier: saved.carrier,
        pieces: saved.pieces,
        apartment: saved.apartment_number,
      });
      notify('success', text, undefined, { quiet: true });
      setStatus(text);
      // Ready for the next parcel: a new key, the apartment cleared, carrier and place kept.
      key.current = randomId();
      setApartment('');
      setQuery('');
      setPieces(1);
      setNote('');
      setTracking('');
      setPhoto(null);
      input.current?.focus();
      onLogged();
    } catch (err) {
      setError(errorText(err) ?? t('parcels.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card stack parcel-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-apartment`}>{t('parcels.apartment')}</label>
        <input
          id={`${id}-apartment`}
          ref={input}
          value={query}
          autoFocus
          autoComplete="off"
          placeholder={t('parcels.apartmentHint')}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setQuery(e.target.value);
            setApartment('');
          }}
        />
        {options.length ? (
          <ul className="parcel-options" aria-label={t('parcels.apartment')}>
            {options.map((o) => (
              <li key={o.apartment_number}>
                <button
                  type="button"
                  className="button button-block parcel-option"
                  onClick={() => pick(o.apartment_number)}
                >
                  <span className="parcel-option-number">
                    {o.apartment_number}
                    {o.open_parcels ? (
                      <span className="muted"> · {t('parcels.waitingHere', { count: o.open_parcels })}</span>
                    ) : null}
                  </span>
                  {o.residents.length ? (
                    <span className="parcel-option-names" dir="auto">
                      {o.residents.join(', ')}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : query.trim() && !apartment ? (
          <p className="muted">{t('parcels.noApartment')}</p>
        ) : null}
      </div>
      <fieldset className="parcel-carriers">
        <legend>{t('parcels.carrier')}</legend>
        {CARRIERS.map((c) => (
          <button
            key={c}
            type="button"
            className={`button ${c === carrier ? 'button-primary' : ''}`}
            aria-pressed={c === carrier}
            onClick={() => setCarrier(c)}
          >
            {c}
          </button>
        ))}
      </fieldset>
      <div className="parcel-row">
        <div className="field">
          <span id={`${id}-pieces`}>{t('parcels.pieces')}</span>
          <div className="parcel-stepper" role="group" aria-labelledby={`${id}-pieces`}>
            <button
              type="button"
              className="button"
              aria-label={t('parcels.fewer')}
              disabled={pieces <= 1}
              onClick={() => setPieces((n) => Math.max(1, n - 1))}
            >
              −
            </button>
            <output aria-live="polite">{pieces}</output>
            <button
              type="button"
              className="button"
              aria-label={t('parcels.more')}
              disabled={pieces >= MAX_PIECES}
              onClick={() => setPieces((n) => Math.min(MAX_PIECES, n + 1))}
            >
              +
            </button>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-storage`}>{t('parcels.storage')}</label>
          <input id={`${id}-storage`} value={storage} maxLength={60} onChange={(e) => setStorage(e.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tracking`}>{t('parcels.tracking')}</label>
        <input
          id={`${id}-tracking`}
          ref={trackingInput}
          value={tracking}
          maxLength={60}
          pattern={TRACKING_PATTERN}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          aria-describedby={`${id}-tracking-hint`}
          onChange={(e) => setTracking(e.target.value)}
          onKeyDown={(e) => {
            // A hand scanner types the number and Enter: that Enter must not log a parcel yet.
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!apartment) input.current?.focus();
            }
          }}
        />
        <p id={`${id}-tracking-hint`} className="muted field-hint">
          {t('parcels.trackingHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('parcels.note')}</label>
        <input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </div>
      <LabelPhoto photo={photo} disabled={saving} onChange={setPhoto} />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={saving}>
        {saving ? t('parcels.saving') : t('parcels.save')}
      </button>
      <p id={`${id}-status`} className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
