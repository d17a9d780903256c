import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '@hausportal/contract';
import { VALUE_MARK, ValueInText } from '@/components/ui/value-in-text';
import { useAppSelector } from '@/lib/redux/hooks';
import { telHref } from '@/lib/text';

/** The emergency number under a category like 'Heizung', with a tel: link. */
export function EmergencyHint({ category }: { category: TicketCategory | undefined }) {
  const { t } = useTranslation();
  const location = useAppSelector((s) => s.location.data);
  const deactivated = useAppSelector((s) => s.user.data?.emergency_services_deactivated);
  // The region is always there, so a screen reader hears the hint when a category brings it.
  return (
    <div className="emergency-live" aria-live="polite">
      {category?.emergency ? (
        <div className="emergency-hint" data-testid="emergency-hint">
          <p>
            <strong>{t('tickets.emergencyHint')}</strong>
          </p>
          {/* product §5.8: residents whose emergency services are deactivated never get the number. */}
          {location?.direct_number && !deactivated ? (
            <a className="button button-danger button-block" href={telHref(location.direct_number)}>
              <img src="/icons/emergency.svg" alt="" width={24} height={24} />
              {/* The number stays on one line, and left to right in Arabic (language review Y2). */}
              <span>
                <ValueInText
                  text={t('tickets.emergencyCall', { number: VALUE_MARK })}
                  value={location.direct_number}
                  className="emergency-number"
                />
              </span>
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
