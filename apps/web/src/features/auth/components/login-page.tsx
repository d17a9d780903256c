import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { signIn } from '@/app/session';
import { FormError, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { getToken } from '@/lib/api-client';
import { loginErrors, type FormErrors } from '@/lib/form-errors';
import { isBlank } from '@/lib/validation';

const noErrors: FormErrors = { fields: {}, general: null };

export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const fetching = useAppSelector((s) => s.auth.fetching);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noErrors);

  const required = (value: string) => (submitted && isBlank(value) ? t('errors.required') : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (isBlank(username) || isBlank(password)) return;
    // SPEC §4: with a token already stored, submitting just goes home.
    if (getToken()) {
      navigate('/', { replace: true });
      return;
    }
    setErrors(noErrors);
    try {
      await signIn(dispatch, { apartment_number: username.trim(), password });
      navigate('/', { replace: true });
    } catch (body) {
      setErrors(loginErrors(body, t));
    }
  }

  return (
    <Page title={t('titles.login')} className="page-narrow auth-page">
      <p className="lead">{t('login.intro')}</p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        <TextField
          label={t('login.username')}
          name="apartment_number"
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={errors.fields.apartment_number ?? required(username)}
          required
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.fields.password ?? required(password)}
          required
        />
        <button type="submit" className="button button-primary button-block" disabled={fetching} aria-busy={fetching}>
          {t('login.submit')}
        </button>
        <p className="form-footer">
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </p>
      </form>
    </Page>
  );
}
