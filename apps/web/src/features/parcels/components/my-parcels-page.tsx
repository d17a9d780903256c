import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { registerParcelStrings } from '@/i18n/parcels';
import { formatDate, formatTime } from '@/lib/format-date';
import { useAppSelector } from '@/lib/redux/hooks';
import { ParcelCardView } from '@/components/parcel-card';
import { myParcelsStored, useMyParcels } from '@/entities/parcels/api';
import './parcels.css';

registerParcelStrings();

/**
 * /pakete: where the 'Paket an der Rezeption' notification and the home card lead: the code, the
 * reception's hours and the parcels picked up in the last 30 days.
 */
export default function MyParcelsPage() {
  const { t } = useTranslation();
  const { data, state, reload } = useMyParcels();
  const hours = useAppSelector((s) => s.location.data?.hours ?? '');
  const id = useId();
  return (
    <Page title={t('parcels.title')}>
      {state === 'loading' ? <Spinner label={t('parcels.loading')} /> : null}
      {!data && state !== 'loading' ? <NotLoaded onRetry={reload} /> : null}
      <LoadedAt name={myParcelsStored.key} />
      <ParcelCardView data={data} hours={hours} />
      {data && !data.open.length ? <p className="muted">{t('parcels.none')}</p> : null}
      {data?.recent.length ? (
        <section className="card stack" aria-labelledby={`${id}-recent`}>
          <h2 id={`${id}-recent`}>{t('parcels.recentTitle')}</h2>
          <ul className="parcel-history">
            {data.recent.map((p) => (
              <li key={p.id}>
                <Icon name="check" />
                <span className="parcel-history-text">
                  <span className="parcel-history-what">
                    {t('parcels.line', { carrier: p.carrier, count: p.pieces })}
                  </span>
                  {p.handed_over_at ? (
                    <span className="muted">
                      {t('parcels.pickedUp', {
                        date: formatDate(p.handed_over_at),
                        time: formatTime(p.handed_over_at),
                      })}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
