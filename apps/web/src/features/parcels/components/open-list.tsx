import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceptionParcel } from '@hausportal/contract';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import type { Remote } from '@/lib/use-remote';
import { HandoverDialog } from './handover-dialog';

/** The desk's open parcels, by apartment, with a search by apartment or pickup code. */
export function OpenList({
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
