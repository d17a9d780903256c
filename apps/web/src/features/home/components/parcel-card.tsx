import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ParcelCardView } from '@/components/parcel-card';
import { useMyParcels } from '@/entities/parcels/api';
import { useAppSelector } from '@/lib/redux/hooks';

/** The home card 'Pakete abholen', loaded when the home screen shows, with the reception's hours. */
export default function ParcelCard() {
  const hours = useAppSelector((s) => s.location.data?.hours ?? '');
  return <ParcelCardView data={useMyParcels().data} hours={hours} linked />;
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
