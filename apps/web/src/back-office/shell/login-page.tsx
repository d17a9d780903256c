import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { staffLoginRequest, type StaffLoginRequest } from '@hausportal/contract';
import { adminApi, useStaffLoginMutation } from '../api/admin-api';
import { signedIn, signedOut } from '../api/session-slice';
import { AdminForm, FormSubmit, TextInput } from '../components/form-fields';
import { applyServerErrors } from '../lib/errors';
import { useAdminDispatch, useAdminSelector } from '../store';
import { s } from '../strings';
import type { AdminReturnState } from './require-staff';

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
  const form = useForm<StaffLoginRequest>({
    resolver: zodResolver(staffLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    document.title = `${s.login.title} – ${s.product}`;
  }, []);

  // Already signed in (a second tab, the back button): straight to the back office.
  useEffect(() => {
    if (token) navigate(returnTo(state), { replace: true });
    // Only on arrival; signing in navigates itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (values: StaffLoginRequest) => {
    try {
      const { token: newToken } = await login({ email: values.email.trim(), password: values.password }).unwrap();
      dispatch(adminApi.util.resetApiState());
      dispatch(signedIn(newToken));
      const request = dispatch(adminApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
      const me = await request;
      request.unsubscribe();
      if (me.error) {
        dispatch(signedOut());
        const status = (me.error as { status?: number }).status;
        if (status === 403) form.setError('root.server', { type: 'server', message: s.login.notStaff });
        else applyServerErrors(me.error, form.setError, []);
        return;
      }
      navigate(returnTo(state), { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'password']);
    }
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
        <AdminForm form={form} onSubmit={onSubmit}>
          <TextInput name="email" label={s.login.email} type="email" autoComplete="username" inputMode="email" />
          <TextInput name="password" label={s.login.password} type="password" autoComplete="current-password" />
          <FormSubmit busyLabel={s.login.busy}>{s.login.submit}</FormSubmit>
        </AdminForm>
      </main>
    </div>
  );
}
