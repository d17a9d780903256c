import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Isolated } from '@/components/ui/isolated';
import { registerActivationStrings } from '@/i18n/activation';
import { parseErrorBody } from '@/lib/api-client';
import { describeError, noFormErrors, type FormErrors } from '@/lib/form-errors';
import { useRequired } from '@/lib/use-required';
import { useFocusFirstError } from '@/lib/use-focus-first-error';
import { isBlank } from '@/lib/validation';
import { WELCOME_NEXT } from '@/lib/navigation';
import { useSession } from '@/entities/session/use-session';
import { currentLanguage } from '@/i18n';
import { activateAccount } from '../api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

registerActivationStrings();

// The code's rules as the contract states them (ACTIVATION_CODE_ALPHABET), written out so this
// page does not load the contract's zod schemas on a phone.
const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/;
const normalize = (code: string) => code.replace(/[\s\u2010-\u2015-]+/g, '').toUpperCase();

/** The code in groups of four, as the letter prints it. */
export function formatCode(input: string): string {
  return (normalize(input).match(/.{1,4}/g) ?? []).join('-');
}

/**
 * /aktivieren/{code} and /aktivieren: a resident with an activation letter sets their
 * password, may leave an e-mail address, and is then signed in and led to the welcome step
 * (ADR 044); only when the account may not sign in yet (move dates) to the sign-in with the
 * apartment number filled in. The code comes from the QR code's link or is typed.
 */
export default function ActivationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { pathname } = useLocation();
  const params = useParams();
  const [code, setCode] = useState(() => formatCode(params.code ?? ''));
  const newPassword = useNewPassword();
  const { password, repeat } = newPassword;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const [done, setDone] = useState<string | null>(null);
  const { markSubmitted, required } = useRequired();
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useFocusFirstError(form, refusals);

  /** What the browser can tell before sending: the code's form and the two passwords. */
  function localErrors(): FormErrors['fields'] {
    const fields: FormErrors['fields'] = {};
    if (!isBlank(code) && !CODE_PATTERN.test(normalize(code))) fields.code = t('activation.codeFormat');
    if (!isBlank(password) && password.length < 8) fields.password = t('activation.tooShort');
    else if (!isBlank(repeat) && password !== repeat) fields.repeat_password = t('activation.mismatch');
    return fields;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (isBlank(code) || isBlank(password) || isBlank(repeat)) return;
    const local = localErrors();
    setErrors({ fields: local, general: null });
    if (Object.keys(local).length) {
      setRefusals((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const answer = await activateAccount({
        code: normalize(code),
        password,
        repeat_password: repeat,
        email: email.trim(),
      });
      if (answer.token) {
        // Signed in at once (ADR 044). This page is for visitors without a session: with the
        // token, the guard leads to the page named here, the step with notifications and the app.
        navigate(pathname, { replace: true, state: { from: WELCOME_NEXT } });
        await signIn({ token: answer.token }, { language: currentLanguage() });
        navigate(WELCOME_NEXT, { replace: true });
        return;
      }
      setDone(answer.apartment_number);
    } catch (error) {
      setErrors(describeError(parseErrorBody(error), t));
      setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  if (done !== null) {
    return (
      <Page title={t('activation.title')} className="page-narrow auth-page">
        <div className="card stack" role="status">
          <p className="success-text">
            <Isolated
              sentence={(v) => t('activation.done', { ...v, interpolation: { escapeValue: false } })}
              values={{ apartment: done }}
            />
          </p>
          <button
            type="button"
            className="button button-primary button-block"
            onClick={() => navigate('/login', { replace: true, state: { apartment: done } })}
          >
            {t('activation.toLogin')}
          </button>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('activation.title')} className="page-narrow auth-page">
      <p className="lead">{t('activation.intro')}</p>
      <form ref={form} className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        <TextField
          label={t('activation.code')}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onBlur={() => setCode((value) => (isBlank(value) ? value : formatCode(value)))}
          hint={t('activation.codeHint')}
          error={errors.fields.code ?? required(code)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          className="activation-code"
          maxLength={40}
          required
        />
        <NewPasswordFields
          labels={{ password: t('activation.password'), repeat: t('activation.confirm') }}
          {...newPassword.fields}
          errors={errors.fields}
          required={required}
        />
        <TextField
          label={t('activation.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint={t('activation.emailHint')}
          error={errors.fields.email}
        />
        <SubmitButton busy={busy}>{t('activation.submit')}</SubmitButton>
        <p className="form-footer">
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      </form>
    </Page>
  );
}
