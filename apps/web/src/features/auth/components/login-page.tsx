import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/entities/session/use-session';
import { FormError, PasswordField, SubmitButton } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { LegalLinks } from '@/components/legal-links';
import { currentLanguage } from '@/i18n';
import { getToken } from '@/lib/api-client';
import { loginErrors, noFormErrors, type FormErrors } from '@/lib/form-errors';
import { useRequired } from '@/lib/use-required';
import { useAppSelector } from '@/lib/redux/hooks';
import { returnTarget } from '@/lib/navigation';
import { isBlank } from '@/lib/validation';
import type { Language } from '@hausportal/contract';
import { ApartmentNumberField } from './apartment-number-field';
import { LanguageSwitch } from './language-switch';

// Only a staff account signing in here needs it, so it loads then, not with /login.
const StaffAccountHint = lazy(() => import('./staff-account-hint'));

export default function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { state } = useLocation();
  const target = returnTarget(state);
  const fetching = useAppSelector((s) => s.auth.fetching);
  // After an activation (/aktivieren) the apartment number arrives filled in.
  const [username, setUsername] = useState(() => {
    const apartment = (state as { apartment?: unknown } | null)?.apartment;
    return typeof apartment === 'string' ? apartment : '';
  });
  const [password, setPassword] = useState('');
  const { markSubmitted, required } = useRequired();
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  // A manager signing in here (ADR 014): the server refuses with code staff_account.
  const [staff, setStaff] = useState(false);
  // Each refusal by the server; the focus then goes to what it said.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  // A language picked here is saved to the profile at sign-in; one the browser chose
  // only replaces the default.
  const [picked, setPicked] = useState<Language>();

  // After a failed login the focus moves to the error message, so a screen reader reads it and a
  // keyboard user starts from there: the form-wide error, or the one under the field it concerns.
  useEffect(() => {
    if (!refusals) return;
    const message = form.current?.querySelector<HTMLElement>('.form-error:not([hidden]), .field-error');
    if (!message) return;
    message.tabIndex = -1;
    message.focus();
  }, [refusals]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (isBlank(username) || isBlank(password)) return;
    // product §2.4: with a token already stored, submitting just goes home.
    if (getToken()) {
      navigate(target, { replace: true });
      return;
    }
    setErrors(noFormErrors);
    setStaff(false);
    try {
      await signIn(
        { apartment_number: username.trim(), password },
        { language: picked ?? currentLanguage(), picked: picked !== undefined },
      );
      navigate(target, { replace: true });
    } catch (body) {
      if ((body as { code?: unknown } | null)?.code === 'staff_account') setStaff(true);
      else {
        setErrors(loginErrors(body, t));
        setRefusals((n) => n + 1);
      }
    }
  }

  return (
    <Page title={t('titles.login')} className="page-narrow auth-page">
      <LanguageSwitch onChange={setPicked} />
      <p className="lead">{t('login.intro')}</p>
      <form ref={form} className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        {staff ? (
          <Suspense fallback={null}>
            <StaffAccountHint />
          </Suspense>
        ) : null}
        <ApartmentNumberField
          label={t('login.username')}
          value={username}
          onValueChange={setUsername}
          error={errors.fields.apartment_number ?? required(username)}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.fields.password ?? required(password)}
        />
        <SubmitButton busy={fetching}>{t('login.submit')}</SubmitButton>
        <p className="form-footer">
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </p>
      </form>
      <LegalLinks />
    </Page>
  );
}
