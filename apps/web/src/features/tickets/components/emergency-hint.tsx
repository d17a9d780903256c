import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '@hausportal/contract';
import { useAppSelector } from '@/lib/redux/hooks';
import { telHref } from '@/lib/text';

// Stands in for the number in the translated label, so the number can be set apart from the words.
const MARK = '\u0000';

/** The label with its number kept on one line and left to right, also in Arabic (language review Y2). */
function CallLabel({ text, number }: { text: string; number: string }) {
  const [before, after = ''] = text.split(MARK);
  return (
    <span>
      {before}
      <bdi className="phone-number" dir="ltr">
        {number}
      </bdi>
      {after}
    </span>
  );
}

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
              <CallLabel text={t('tickets.emergencyCall', { number: MARK })} number={location.direct_number} />
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
