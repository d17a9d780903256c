import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { registerParcelStrings } from '@/i18n/parcels';
import { formatDateTime } from '@/lib/format-date';
import { ParcelCardView } from '@/components/parcel-card';
import { useMyParcels } from '@/entities/parcels/api';
import './parcels.css';

registerParcelStrings();

/** /pakete: where the 'Paket an der Rezeption' notification leads: the code and the recent parcels. */
export default function MyParcelsPage() {
  const { t } = useTranslation();
  const data = useMyParcels();
  return (
    <Page title={t('parcels.title')}>
      {!data ? <Spinner label={t('parcels.loading')} /> : null}
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
