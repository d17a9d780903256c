import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceptionParcel } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Page } from '@/components/ui/page';
import { PickedPhoto } from '@/components/ui/picked-photo';
import { Spinner } from '@/components/ui/spinner';
import { registerParcelStrings } from '@/i18n/parcels';
import { ACCEPT, isAcceptedImage, isTooLarge } from '@/lib/files';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/notify';
import { resizeImage } from '@/lib/resize-image';
import { useRemote, type Remote } from '@/lib/use-remote';
import { CARRIERS, errorText, getOpenParcels, handOver, logParcel, searchApartments, type Carrier } from '../api';
import './parcels.css';

registerParcelStrings();

/** The desk remembers its storage place and carrier between parcels (and reloads). */
const STORAGE_KEY = 'hausportal.parcelDesk';
const MAX_PIECES = 50;
/** The server keeps a label photo at this long edge; shrinking it here first saves the desk's Wi-Fi. */
const LABEL_MAX_EDGE = 2048;

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

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The optional photo of the label: the tablet's camera (`capture`), shrunk and stripped of its
 * metadata on the device once, when it is taken, so a retry sends the very same bytes.
 */
function LabelPhoto({
  photo,
  onChange,
  disabled,
}: {
  photo: File | null;
  onChange: (photo: File | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be taken again after it was removed.
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!(await isAcceptedImage(file))) return setError(t('parcels.photoOnlyImage', { filename: file.name }));
    setPreparing(true);
    try {
      const shrunk = await resizeImage(file, LABEL_MAX_EDGE);
      if (isTooLarge(shrunk)) setError(t('parcels.photoTooLarge', { filename: file.name }));
      else onChange(shrunk);
    } catch {
      setError(t('parcels.photoUnreadable', { filename: file.name }));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="field parcel-photo">
      {photo ? (
        <div className="parcel-photo-chosen">
          <PickedPhoto file={photo} alt={t('parcels.photoChosen')} size={96} className="parcel-photo-preview" />
          <button type="button" className="button" onClick={() => onChange(null)} disabled={disabled}>
            <Icon name="close" />
            <span>{t('parcels.photoRemove')}</span>
          </button>
        </div>
      ) : (
        <div className="file-picker">
          <label className={`button${disabled || preparing ? ' is-disabled' : ''}`}>
            <Icon name="camera" />
            <span>{t('parcels.photo')}</span>
            <input
              className="visually-hidden"
              type="file"
              name="photo"
              accept={ACCEPT.image}
              capture="environment"
              onChange={(e) => void pick(e)}
              disabled={disabled || preparing}
              aria-describedby={hintId}
            />
          </label>
        </div>
      )}
      <p className="field-hint" id={hintId}>
        {t('parcels.photoHint')}
      </p>
      {preparing ? <Spinner label={t('parcels.photoPreparing')} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Logging a parcel (issue 24, ADR 030): pick the apartment (type-ahead), and the defaults (the
 * last carrier, 1 piece, the last storage place) are ready, so 'Speichern' is the one tap left.
 * The label photo is optional and never in the way of those taps.
 */
function LogForm({ onLogged }: { onLogged: () => void }) {
  const { t } = useTranslation();
  const start = remembered();
  const [query, setQuery] = useState('');
  const [apartment, setApartment] = useState('');
  const [found, setOptions] = useState<{ apartment_number: string; open_parcels: number }[]>([]);
  const [carrier, setCarrier] = useState<Carrier>(start.carrier);
  const [pieces, setPieces] = useState(1);
  const [storage, setStorage] = useState(start.storage_place);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // Suggestions only while an apartment is being typed, not once one is picked.
  const options = apartment || !query.trim() ? [] : found;
  const key = useRef(newKey());
  const input = useRef<HTMLInputElement>(null);
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
    setSaving(true);
    setError(null);
    try {
      const saved = await logParcel(
        { apartment: chosen, carrier, pieces, storage_place: storage.trim(), note: note.trim() },
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
      key.current = newKey();
      setApartment('');
      setQuery('');
      setPieces(1);
      setNote('');
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
                <button type="button" className="button button-block" onClick={() => pick(o.apartment_number)}>
                  {o.apartment_number}
                  {o.open_parcels ? <span className="muted"> · {o.open_parcels} 📦</span> : null}
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

/** The handover of one apartment's open parcels: with the resident's code, or with a note. */
function HandoverDialog({
  apartment,
  parcels,
  onClose,
  onDone,
}: {
  apartment: string;
  parcels: ReceptionParcel[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
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
      notify('success', t('parcels.handedOver', { count: res.handed_over.length, apartment }));
      onDone();
    } catch (err) {
      setError(errorText(err) ?? t('parcels.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="parcel-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <form className="card stack" onSubmit={(e) => void confirm(e)} noValidate>
        <h2 id={`${id}-title`}>{t('parcels.handOverTitle', { apartment })}</h2>
        <ul className="parcel-list">
          {parcels.map((p) => (
            <li key={p.id}>
              {p.carrier}, {p.pieces} {t('parcels.pieces')}
              {p.storage_place ? ` · ${p.storage_place}` : ''}
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
        <label className="checkbox">
          <input type="checkbox" checked={withNote} onChange={(e) => setWithNote(e.target.checked)} />{' '}
          {t('parcels.withNote')}
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

/** What the desk searches for: a 4-digit pickup code, else an apartment, else everything open. */
function searchFor(text: string): { apartment?: string; code?: string } {
  return /^\d{4}$/.test(text) ? { code: text } : text ? { apartment: text } : {};
}

/** The desk's open parcels, by apartment, with a search by apartment or pickup code. */
function OpenList({
  open,
  onSearch,
  onChanged,
}: {
  open: Remote<ReceptionParcel[]>;
  onSearch: (text: string) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [handing, setHanding] = useState<string | null>(null);
  const id = useId();
  const rows = open.data;
  const failed = open.lastFailed || open.state === 'failed';

  // The list follows the typing once it pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => onSearch(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search, onSearch]);

  const groups = new Map<string, ReceptionParcel[]>();
  for (const p of rows ?? []) groups.set(p.apartment_number, [...(groups.get(p.apartment_number) ?? []), p]);

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('parcels.open')}</h2>
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('parcels.search')}</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {open.state === 'loading' ? <Spinner label={t('parcels.loading')} /> : null}
      {failed ? (
        <p role="alert">
          {t('parcels.failed')}{' '}
          <button type="button" className="link-button" onClick={open.reload}>
            ↻
          </button>
        </p>
      ) : null}
      {rows && !groups.size ? <p className="muted">{t('parcels.none')}</p> : null}
      <ul className="parcel-groups" aria-live="polite">
        {[...groups.entries()].map(([apartment, parcels]) => (
          <li key={apartment} className="parcel-group">
            <div>
              <strong>{apartment}</strong>
              <ul className="parcel-list">
                {parcels.map((p) => (
                  <li key={p.id}>
                    {p.carrier}, {p.pieces} {t('parcels.pieces')}
                    {p.storage_place ? ` · ${p.storage_place}` : ''} ·{' '}
                    <span className="muted">{t('parcels.since', { date: formatDateTime(p.logged_at) })}</span>
                    {p.label_photo ? (
                      <>
                        {' · '}
                        <a
                          className="parcel-label-link"
                          href={p.label_photo.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('parcels.labelPhotoOf', { carrier: p.carrier, apartment })}
                        >
                          <Icon name="camera" />
                          {t('parcels.labelPhoto')}
                        </a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            <button type="button" className="button" onClick={() => setHanding(apartment)}>
              {t('parcels.handOver')}
            </button>
          </li>
        ))}
      </ul>
      {handing ? (
        <HandoverDialog
          apartment={handing}
          parcels={groups.get(handing) ?? []}
          onClose={() => setHanding(null)}
          onDone={() => {
            setHanding(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

/** /rezeption/pakete: the receptionist's parcel desk (a tablet at the desk, or a phone). */
export default function ParcelDeskPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const load = useCallback(() => getOpenParcels(searchFor(search)), [search]);
  const open = useRemote(null, load);
  return (
    <Page title={t('parcels.title')} className="parcel-desk">
      <div className="parcel-columns">
        <LogForm onLogged={open.reload} />
        <OpenList open={open} onSearch={setSearch} onChanged={open.reload} />
      </div>
    </Page>
  );
}
