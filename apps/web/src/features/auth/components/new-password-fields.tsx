import { useState } from 'react';
import { PasswordField } from '@/components/ui/field';
import type { FormErrors } from '@/lib/form-errors';

/**
 * 'Neues Passwort' and its confirmation, as the reset link and the activation page ask for them:
 * new-password autocomplete (a password manager offers a strong one), the server's field errors
 * first, else the required mark.
 */
export function NewPasswordFields({
  labels,
  password,
  repeat,
  onPassword,
  onRepeat,
  errors,
  required,
}: {
  labels: { password: string; repeat: string };
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  errors: FormErrors['fields'];
  required: (value: string) => string | null;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        value={password}
        onValueChange={onPassword}
        error={errors.password ?? required(password)}
      />
      <PasswordField
        label={labels.repeat}
        name="repeat_password"
        autoComplete="new-password"
        value={repeat}
        onValueChange={onRepeat}
        error={errors.repeat_password ?? required(repeat)}
      />
    </>
  );
}

/** The two values NewPasswordFields shows, and `fields` to spread onto it. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return { password, repeat, fields: { password, repeat, onPassword: setPassword, onRepeat: setRepeat } };
}
