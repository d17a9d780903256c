import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPassword } from '@/entities/session/slice';
import { FormError, SubmitButton } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { useAppDispatch, useAppSelector } from '@/lib/redux/hooks';
import { parseErrorBody } from '@/lib/api-client';
import { forgotPasswordErrors, noFormErrors, resetConfirmErrors, type FormErrors } from '@/lib/form-errors';
import { useRequired } from '@/lib/use-required';
import { anyFilled, isBlank } from '@/lib/validation';
import { confirmPasswordReset } from '../api';
import { ApartmentNumberField } from './apartment-number-field';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** product §2.5: the four stages are requested, e-mail sent, token, done. */
type Stage = 'request' | 'sent' | 'token' | 'done';

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className="button button-primary button-block">
      {t('forgot.backToLogin')}
    </Link>
  );
}

function RequestStage({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fetching = useAppSelector((s) => s.auth.fetching);
  const [username, setUsername] = useState('');
  const { markSubmitted, required } = useRequired();
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (!anyFilled(username)) return;
    setErrors(noFormErrors);
    try {
      const { email } = await dispatch(forgotPassword(username.trim())).unwrap();
      onSent(email);
    } catch (body) {
      setErrors(forgotPasswordErrors(body, t));
    }
  }

  return (
    <>
      <p className="lead">{t('forgot.intro')}</p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        <ApartmentNumberField
          label={t('forgot.username')}
          value={username}
          onValueChange={setUsername}
          error={errors.fields.apartment_number ?? required(username)}
        />
        <SubmitButton busy={fetching}>{t('forgot.submit')}</SubmitButton>
      </form>
    </>
  );
}

function TokenStage({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const newPassword = useNewPassword();
  const { password, repeat } = newPassword;
  const { markSubmitted, required } = useRequired();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    if (isBlank(password) || isBlank(repeat)) return;
    setErrors(noFormErrors);
    setBusy(true);
    try {
      await confirmPasswordReset({ token, password, repeat_password: repeat });
      onDone();
    } catch (error) {
      setErrors(resetConfirmErrors(parseErrorBody(error), t));
    } finally {
      setBusy(false);
    }
  }

  // An expired or used link cannot be repaired here: the way on is a new one.
  const tokenInvalid = errors.general === t('errors.tokenInvalid');

  return (
    <>
      <p className="lead">{t('forgot.tokenIntro')}</p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        {tokenInvalid ? (
          <Link to="/forgot-password" className="button button-block">
            {t('forgot.requestNewLink')}
          </Link>
        ) : null}
        <NewPasswordFields
          labels={{ password: t('forgot.newPassword'), repeat: t('forgot.confirmPassword') }}
          {...newPassword.fields}
          errors={errors.fields}
          required={required}
        />
        <SubmitButton busy={busy}>{t('forgot.save')}</SubmitButton>
      </form>
    </>
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [stage, setStage] = useState<Stage>(token ? 'token' : 'request');
  const [email, setEmail] = useState('');
  // The same screen serves the e-mail link; a new token in the URL starts over at its stage.
  const current: Stage = token ? (stage === 'done' ? 'done' : 'token') : stage === 'sent' ? 'sent' : 'request';

  return (
    <Page title={t('titles.forgotPassword')} className="page-narrow auth-page">
      {current === 'request' ? (
        <RequestStage
          onSent={(masked) => {
            setEmail(masked);
            setStage('sent');
          }}
        />
      ) : null}
      {current === 'sent' ? (
        <div className="card stack" role="status">
          <p>{email ? t('forgot.sent', { email }) : t('forgot.sentNoEmail')}</p>
          <BackToLogin />
        </div>
      ) : null}
      {current === 'token' && token ? <TokenStage token={token} onDone={() => setStage('done')} /> : null}
      {current === 'done' ? (
        <div className="card stack" role="status">
          <p className="success-text">{t('forgot.done')}</p>
          <BackToLogin />
        </div>
      ) : null}
    </Page>
  );
}
