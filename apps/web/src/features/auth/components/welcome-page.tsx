import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/entities/session/use-session';
import { FormError, SubmitButton } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Isolated } from '@/components/ui/isolated';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/i18n';
import { registerActivationStrings } from '@/i18n/activation';
import { parseErrorBody } from '@/lib/api-client';
import { noFormErrors, resetConfirmErrors, type FormErrors } from '@/lib/form-errors';
import { useAppSelector } from '@/lib/redux/hooks';
import { useRequired } from '@/lib/use-required';
import { isBlank } from '@/lib/validation';
import { WELCOME_NEXT } from '@/lib/navigation';
import { confirmWelcome, lookUpWelcome, type WelcomeInfo } from '../api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

registerActivationStrings();

/**
 * /willkommen/{token}: the invitation mail's link (ADR 044). It greets the resident with the house
 * and apartment, shows the password rules before the fields, sets the first password, signs the
 * resident in and leads to the next step. Never the 'Passwort vergessen' page: this is a first
 * visit, not a lost password. A used or expired link says so and points to the sign-in.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const signedIn = useAppSelector((s) => s.auth.token) !== null;
  const [info, setInfo] = useState<WelcomeInfo | null>(null);
  const [invalid, setInvalid] = useState(false);
  const newPassword = useNewPassword();
  const { password, repeat } = newPassword;
  const { markSubmitted, required } = useRequired();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const [savedOnly, setSavedOnly] = useState(false);

  useEffect(() => {
    if (signedIn) return;
    let live = true;
    lookUpWelcome(token).then(
      (found) => live && setInfo(found),
      () => live && setInvalid(true),
    );
    return () => {
      live = false;
    };
  }, [token, signedIn]);

  // Someone signed in already (this device, or the link opened twice) goes on to the next step.
  if (signedIn && !busy) return <Navigate to={WELCOME_NEXT} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (isBlank(password) || isBlank(repeat)) return;
    if (password !== repeat) {
      setErrors({ fields: { repeat_password: t('activation.mismatch') }, general: null });
      return;
    }
    setErrors(noFormErrors);
    setBusy(true);
    try {
      const { token: session } = await confirmWelcome({ token, password, repeat_password: repeat });
      if (session) {
        await signIn({ token: session }, { language: currentLanguage() });
        navigate(WELCOME_NEXT, { replace: true });
      } else {
        setSavedOnly(true);
      }
    } catch (error) {
      const found = resetConfirmErrors(parseErrorBody(error), t);
      if (found.general === t('errors.tokenInvalid')) setInvalid(true);
      else setErrors(found);
    } finally {
      setBusy(false);
    }
  }

  const toLogin = (
    <Link to="/login" className="button button-primary button-block" state={{ apartment: info?.apartment_number }}>
      {t('activation.toLogin')}
    </Link>
  );

  return (
    <Page title={t('welcome.title')} className="page-narrow auth-page welcome-page">
      {invalid ? (
        <div className="card stack" role="alert">
          <p>{t('welcome.invalid')}</p>
          {toLogin}
        </div>
      ) : savedOnly ? (
        <div className="card stack" role="status">
          <p className="success-text">{t('welcome.notSignedIn')}</p>
          {toLogin}
        </div>
      ) : !info ? (
        <Spinner label={t('welcome.checking')} />
      ) : (
        <>
          <div className="stack welcome-greeting">
            {info.name ? (
              <p className="lead">
                <bdi>{t('welcome.greeting', { name: info.name })}</bdi>
              </p>
            ) : null}
            <p className="lead welcome-home">
              <Isolated
                sentence={(v) => t('welcome.home', { ...v, interpolation: { escapeValue: false } })}
                values={{ location: info.location_title, apartment: info.apartment_number }}
              />
            </p>
            <p>{t('welcome.intro')}</p>
          </div>
          <form className="form card" onSubmit={onSubmit} noValidate>
            <FormError message={errors.general} />
            <p className="muted welcome-rules">{t('welcome.rules')}</p>
            <NewPasswordFields
              labels={{ password: t('activation.password'), repeat: t('activation.confirm') }}
              {...newPassword.fields}
              errors={errors.fields}
              required={required}
            />
            <SubmitButton busy={busy}>{t('welcome.submit')}</SubmitButton>
          </form>
        </>
      )}
    </Page>
  );
}
