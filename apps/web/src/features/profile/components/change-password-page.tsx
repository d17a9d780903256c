import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { config } from '@/config';
import { FormError, PasswordField, SubmitButton } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { parseErrorBody } from '@/lib/api-client';
import { changePasswordErrors, noFormErrors, type FormErrors } from '@/lib/form-errors';
import { useRequired } from '@/lib/use-required';
import { useFocusFirstError } from '@/lib/use-focus-first-error';
import { isBlank } from '@/lib/validation';
import { changePassword } from '../api';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const { markSubmitted, required } = useRequired();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useFocusFirstError(form, refusals);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    markSubmitted();
    // product §5.1: all three fields non-empty after trimming.
    if (isBlank(current) || isBlank(next) || isBlank(repeat)) return;
    setErrors(noFormErrors);
    setBusy(true);
    try {
      await changePassword({ old_password: current, new_password: next, repeat_password: repeat });
      // product §2.16: go to /profile/success after one second.
      timer.current = setTimeout(() => navigate('/profile/success'), config.delays.redirectAfterPasswordChange);
    } catch (error) {
      setErrors(changePasswordErrors(parseErrorBody(error), t));
      setRefusals((n) => n + 1);
      setBusy(false);
    }
  }

  return (
    <Page title={t('titles.changePassword')} className="page-narrow">
      <form ref={form} className="form card" onSubmit={onSubmit} noValidate>
        <FormError message={errors.general} />
        <PasswordField
          label={t('changePassword.current')}
          name="old_password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
          error={errors.fields.old_password ?? required(current)}
        />
        <PasswordField
          label={t('changePassword.new')}
          name="new_password"
          autoComplete="new-password"
          hint={t('changePassword.hint')}
          value={next}
          onValueChange={setNext}
          error={errors.fields.new_password ?? required(next)}
        />
        <PasswordField
          label={t('changePassword.repeat')}
          name="repeat_password"
          autoComplete="new-password"
          value={repeat}
          onValueChange={setRepeat}
          error={errors.fields.repeat_password ?? required(repeat)}
        />
        <SubmitButton busy={busy}>{t('changePassword.submit')}</SubmitButton>
      </form>
    </Page>
  );
}
