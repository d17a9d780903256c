import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { config } from '@/config';
import { FormError, TextField } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { parseErrorBody } from '@/lib/api-client';
import { changePasswordErrors, type FormErrors } from '@/lib/form-errors';
import { isBlank } from '@/lib/validation';
import { changePassword } from '../api/change-password';

const noErrors: FormErrors = { fields: {}, general: null };

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const required = (value: string) => (submitted && isBlank(value) ? t('errors.required') : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    // SPEC §5: all three fields non-empty after trimming.
    if (isBlank(current) || isBlank(next) || isBlank(repeat)) return;
    setErrors(noErrors);
    setBusy(true);
    try {
      await changePassword({ old_password: current, new_password: next, repeat_password: repeat });
      // SPEC §2/§9: go to /profile/success after one second.
      timer.current = setTimeout(() => navigate('/profile/success'), config.delays.redirectAfterPasswordChange);
    } catch (error) {
      setErrors(changePasswordErrors(parseErrorBody(error), t));
      setBusy(false);
    }
  }

  return (
    <Page title={t('titles.changePassword')} className="page-narrow">
      <form className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        <TextField
          label={t('changePassword.current')}
          name="old_password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.fields.old_password ?? required(current)}
          required
        />
        <TextField
          label={t('changePassword.new')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={t('changePassword.hint')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.fields.new_password ?? required(next)}
          required
        />
        <TextField
          label={t('changePassword.repeat')}
          name="repeat_password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={errors.fields.repeat_password ?? required(repeat)}
          required
        />
        <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
          {t('changePassword.submit')}
        </button>
      </form>
    </Page>
  );
}
