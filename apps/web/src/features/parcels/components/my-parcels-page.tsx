import { useTranslation } from 'react-i18next';
import { LoadedAt, NotLoaded } from '@/components/ui/not-loaded';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { registerParcelStrings } from '@/i18n/parcels';
import { formatDateTime } from '@/lib/format-date';
import { ParcelCardView } from '@/components/parcel-card';
import { myParcelsStored, useMyParcels } from '@/entities/parcels/api';
import './parcels.css';

registerParcelStrings();

/** /pakete: where the 'Paket an der Rezeption' notification leads: the code and the recent parcels. */
export default function MyParcelsPage() {
  const { t } = useTranslation();
  const { data, state, reload } = useMyParcels();
  return (
    <Page title={t('parcels.title')}>
      {state === 'loading' ? <Spinner label={t('parcels.loading')} /> : null}
      {!data && state !== 'loading' ? <NotLoaded onRetry={reload} /> : null}
      <LoadedAt name={myParcelsStored.key} />
      <ParcelCardView data={data} />
      {data && !data.open.length ? <p className="muted">{t('parcels.none')}</p> : null}
      {data?.recent.length ? (
        <ul className="card parcel-list">
          {data.recent.map((p) => (
            <li key={p.id}>
              {p.carrier}, {p.pieces} {t('parcels.pieces')} · {p.handed_over_at ? formatDateTime(p.handed_over_at) : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
