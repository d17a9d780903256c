import { useTranslation } from 'react-i18next';
import type { ParcelSummary } from '@hausportal/contract';
import { registerParcelStrings } from '@/i18n/parcels';
import './parcel-card.css';

registerParcelStrings();

/** The home card 'Pakete abholen' with the 4-digit pickup code; nothing while no parcel waits. */
export function ParcelCardView({ data }: { data: ParcelSummary | null }) {
  const { t } = useTranslation();
  if (!data || !data.open.length || !data.pickup_code) return null;
  const count = data.open.length;
  return (
    <section className="card stack parcel-card" aria-labelledby="parcel-card-title" data-testid="parcel-card">
      <h2 id="parcel-card-title">{t('parcels.cardTitle')}</h2>
      <p>{t('parcels.cardText', { count })}</p>
      <p>
        {t('parcels.cardCode')}:{' '}
        <span className="parcel-code" data-testid="pickup-code">
          {data.pickup_code}
        </span>
      </p>
      <ul className="parcel-card-list">
        {data.open.map((p) => (
          <li key={p.id}>
            {p.carrier}, {p.pieces} {t('parcels.pieces')}
          </li>
        ))}
      </ul>
    </section>
  );
}
