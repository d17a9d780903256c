import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceptionParcel } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/notify';
import type { Remote } from '@/lib/use-remote';
import { errorText, handOver } from '../api';
import { HandoverDialog } from './handover-dialog';

/** The desk's open parcels as found, and the pickup code they were found by (null: no code searched). */
export interface DeskList {
  code: string | null;
  parcels: ReceptionParcel[];
}

/**
 * The desk's open parcels, by apartment, with a search by apartment or pickup code. A code names
 * one apartment: once the list shows its parcels, 'Übergeben' with that code is one tap.
 */
export function OpenList({
  open,
  onSearch,
  onChanged,
}: {
  open: Remote<DeskList>;
  onSearch: (text: string) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [handing, setHanding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const id = useId();
  const rows = open.data?.parcels;
  const failed = open.lastFailed || open.state === 'failed';

  // The list follows the typing once it pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => onSearch(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search, onSearch]);

  const groups = new Map<string, ReceptionParcel[]>();
  for (const p of rows ?? []) groups.set(p.apartment_number, [...(groups.get(p.apartment_number) ?? []), p]);
  // The code typed is the code the list was found by, and it found one apartment's parcels.
  const matched = open.data?.code && open.data.code === search.trim() && groups.size === 1 ? open.data.code : null;

  const done = (count: number, apartment: string) => {
    const text = t('parcels.handedOver', { count, apartment });
    notify('success', text, undefined, { quiet: true });
    setStatus(text);
    setSearch('');
    onChanged();
  };

  const handOverWithCode = async (apartment: string, code: string, parcels: ReceptionParcel[]) => {
    setBusy(true);
    setError(null);
    try {
      const res = await handOver({ apartment, code, ids: parcels.map((p) => p.id) });
      done(res.handed_over.length, apartment);
    } catch (err) {
      setError(errorText(err) ?? t('parcels.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('parcels.open')}</h2>
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('parcels.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          autoComplete="off"
          onChange={(e) => {
            setSearch(e.target.value);
            setError(null);
          }}
        />
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
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {rows && !groups.size ? <p className="muted">{t('parcels.none')}</p> : null}
      <ul className="parcel-groups" aria-live="polite">
        {[...groups.entries()].map(([apartment, parcels]) => (
          <li key={apartment} className="parcel-group">
            <div className="parcel-group-text">
              <strong>{apartment}</strong>
              {matched ? <p className="parcel-code-match">{t('parcels.codeMatches', { code: matched })}</p> : null}
              <ul className="parcel-list">
                {parcels.map((p) => (
                  <li key={p.id}>
                    {p.carrier}, {p.pieces} {t('parcels.pieces')}
                    {p.storage_place ? ` · ${p.storage_place}` : ''}
                    {p.tracking_number ? (
                      <>
                        {' · '}
                        <span className="parcel-tracking" translate="no">
                          {p.tracking_number}
                        </span>
                      </>
                    ) : null}{' '}
                    · <span className="muted">{t('parcels.since', { date: formatDateTime(p.logged_at) })}</span>
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
            <div className="parcel-group-actions">
              {matched ? (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => void handOverWithCode(apartment, matched, parcels)}
                >
                  {t('parcels.handOverWithCode', { code: matched })}
                </button>
              ) : (
                <button type="button" className="button" onClick={() => setHanding(apartment)}>
                  {t('parcels.handOver')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {handing ? (
        <HandoverDialog
          apartment={handing}
          parcels={groups.get(handing) ?? []}
          code={/^\d{4}$/.test(search.trim()) ? search.trim() : ''}
          onClose={() => setHanding(null)}
          onDone={(count) => {
            setHanding(null);
            done(count, handing);
          }}
        />
      ) : null}
    </section>
  );
}
