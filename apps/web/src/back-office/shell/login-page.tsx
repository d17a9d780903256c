import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import {
  TWO_FACTOR_REQUIRED_CODE,
  TWO_FACTOR_SETUP_CODE,
  staffLoginRequest,
  type StaffLoginRequest,
} from '@hausportal/contract';
import { adminApi, useStaffLoginMutation } from '../api/admin-api';
import { signedIn, signedOut } from '../api/session-slice';
import { AdminForm, FormSubmit, TextInput } from '../components/form-fields';
import { applyServerErrors } from '../lib/errors';
import { useAdminDispatch, useAdminSelector } from '../store';
import { s } from '../strings';
import type { AdminReturnState } from './require-staff';

/** The error code of a failed call, e.g. 'two_factor_required' (ADR 025). */
const codeOf = (error: unknown) =>
  ((error as { data?: { code?: unknown } } | undefined)?.data?.code ?? null) as unknown;

function returnTo(state: unknown): string {
  const from = (state as AdminReturnState | null)?.from;
  // Only a page of the back office, never an outside address.
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/login')
    ? from
    : '/admin/uebersicht';
}

/** Staff sign-in at /admin/login: e-mail and password, then who is signed in (`/api/admin/me/`). */
export default function LoginPage() {
  const dispatch = useAdminDispatch();
  const navigate = useNavigate();
  const { state } = useLocation();
  const token = useAdminSelector((st) => st.adminSession.token);
  const expired = useAdminSelector((st) => st.adminSession.expired);
  const [login] = useStaffLoginMutation();
  // 'code': the password was right and the account has a second factor (ADR 025).
  const [step, setStep] = useState<'password' | 'code'>('password');
  const form = useForm<StaffLoginRequest>({
    resolver: zodResolver(staffLoginRequest),
    defaultValues: { email: '', password: '', code: '' },
  });

  useEffect(() => {
    document.title = `${s.login.title} – ${s.product}`;
  }, []);

  // The code step starts in its field, whose label and hint a screen reader then reads.
  useEffect(() => {
    if (step === 'code') form.setFocus('code');
  }, [step, form]);

  // Already signed in (a second tab, the back button): straight to the back office.
  useEffect(() => {
    if (token) navigate(returnTo(state), { replace: true });
    // Only on arrival; signing in navigates itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (values: StaffLoginRequest) => {
    const code = values.code?.trim() ?? '';
    if (step === 'code' && !code) {
      form.setError('code', { type: 'required', message: s.login.codeMissing }, { shouldFocus: true });
      return;
    }
    try {
      const { token: newToken } = await login({
        email: values.email.trim(),
        password: values.password,
        ...(step === 'code' ? { code } : {}),
      }).unwrap();
      dispatch(adminApi.util.resetApiState());
      dispatch(signedIn(newToken));
      const request = dispatch(adminApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
      const me = await request;
      request.unsubscribe();
      if (me.error) {
        const status = (me.error as { status?: number }).status;
        // A required second factor is missing: RequireStaff shows its setup (the 403 set the flag).
        if (status === 403 && codeOf(me.error) === TWO_FACTOR_SETUP_CODE) {
          navigate(returnTo(state), { replace: true });
          return;
        }
        dispatch(signedOut());
        if (status === 403) form.setError('root.server', { type: 'server', message: s.login.notStaff });
        else applyServerErrors(me.error, form.setError, []);
        return;
      }
      navigate(returnTo(state), { replace: true });
    } catch (error) {
      if (codeOf(error) === TWO_FACTOR_REQUIRED_CODE) {
        setStep('code');
        return;
      }
      applyServerErrors(error, form.setError, step === 'code' ? ['code'] : ['email', 'password']);
    }
  };

  const restart = () => {
    form.reset({ email: form.getValues('email'), password: '', code: '' });
    setStep('password');
  };

  return (
    <div className="admin-login">
      <main id="admin-main" className="card admin-login-card">
        <h1>{s.login.title}</h1>
        <p className="lead">{s.login.lead}</p>
        {expired ? (
          <p className="notice admin-notice-info" role="status">
            {s.login.expired}
          </p>
        ) : null}
        {step === 'password' ? (
          <AdminForm form={form} onSubmit={onSubmit}>
            <TextInput name="email" label={s.login.email} type="email" autoComplete="username" inputMode="email" />
            <TextInput name="password" label={s.login.password} type="password" autoComplete="current-password" />
            <FormSubmit busyLabel={s.login.busy}>{s.login.submit}</FormSubmit>
          </AdminForm>
        ) : (
          <AdminForm form={form} onSubmit={onSubmit} aria-label={s.login.codeStep}>
            <h2 className="admin-login-step">{s.login.codeStep}</h2>
            <p>{s.login.codeLead}</p>
            <TextInput
              name="code"
              label={s.login.code}
              hint={s.login.codeHint}
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
              autoCapitalize="off"
            />
            <FormSubmit busyLabel={s.login.busy}>{s.login.submit}</FormSubmit>
            <button type="button" className="button button-small" onClick={restart}>
              {s.login.back}
            </button>
          </AdminForm>
        )}
      </main>
    </div>
  );
}
