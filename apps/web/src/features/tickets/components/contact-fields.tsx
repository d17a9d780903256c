import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { PHONE_MAX } from '../validate-report';

/** The consent to pass the report on, and the phone number for the craftsman, which waits for it. */
export function ContactFields({
  phoneId,
  consent,
  phone,
  error,
  disabled,
  onConsent,
  onPhone,
}: {
  phoneId: string;
  consent: boolean;
  phone: string;
  error: string | undefined;
  disabled: boolean;
  onConsent: (consent: boolean) => void;
  onPhone: (phone: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="choice consent">
        <input
          type="checkbox"
          name="contact_consent"
          checked={consent}
          onChange={(e) => onConsent(e.target.checked)}
          disabled={disabled}
        />
        <span>{t('tickets.consent')}</span>
      </label>
      <TextField
        label={t('tickets.phone')}
        id={phoneId}
        name="contact_phone"
        type="tel"
        autoComplete="tel"
        hint={t('tickets.phoneHint')}
        value={phone}
        onChange={(e) => onPhone(e.target.value)}
        error={error}
        disabled={disabled || !consent}
        maxLength={PHONE_MAX}
      />
    </>
  );
}
