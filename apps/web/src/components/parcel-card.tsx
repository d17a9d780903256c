import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ParcelSummary } from '@hausportal/contract';
import { registerParcelStrings } from '@/i18n/parcels';
import { DetailRow } from './ui/detail-row';
import './parcel-card.css';

registerParcelStrings();

/**
 * The card 'Pakete abholen' with the 4-digit pickup code, how many parcels wait and when the
 * reception is open; nothing while no parcel waits. On home it links to 'Pakete' (`linked`).
 */
export function ParcelCardView({
  data,
  hours = '',
  linked = false,
}: {
  data: ParcelSummary | null;
  /** The reception's opening hours (the location's `hours`), '' for none. */
  hours?: string;
  linked?: boolean;
}) {
  const { t } = useTranslation();
  if (!data || !data.open.length || !data.pickup_code) return null;
  // What the resident carries home: an entry of 2 pieces is 2 parcels.
  const count = data.open.reduce((n, p) => n + p.pieces, 0);
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
          <li key={p.id}>{t('parcels.line', { carrier: p.carrier, count: p.pieces })}</li>
        ))}
      </ul>
      {hours.trim() ? (
        <dl className="details">
          <DetailRow icon="clock" label={t('parcels.cardHours')} className="pre-line">
            <span dir="auto">{hours}</span>
          </DetailRow>
        </dl>
      ) : null}
      {linked ? (
        <Link className="home-card-more" to="/pakete">
          {t('parcels.cardLink')}
        </Link>
      ) : null}
    </section>
  );
}
