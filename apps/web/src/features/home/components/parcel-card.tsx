import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ParcelCardView } from '@/components/parcel-card';
import { useMyParcels } from '@/entities/parcels/api';

/** The home card 'Pakete abholen', loaded when the home screen shows. */
export default function ParcelCard() {
  return <ParcelCardView data={useMyParcels().data} />;
}

/** The link to the desk on the receptionist's home screen. */
export function DeskLink() {
  const { t } = useTranslation();
  return (
    <Link className="button button-block" to="/rezeption/pakete">
      📦 {t('parcels.title')}
    </Link>
  );
}
