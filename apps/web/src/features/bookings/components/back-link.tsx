import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';

/** 'Zurück zur Übersicht' of the booking screens: a 44-px target with an arrow that mirrors right to left. */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <Link className="booking-back" to="/buchen">
      <Icon name="back" />
      <span>{t('bookings.back')}</span>
    </Link>
  );
}
