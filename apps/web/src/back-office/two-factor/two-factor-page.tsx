import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import {
  twoFactorConfirm,
  twoFactorDisable,
  type StaffTwoFactor,
  type TwoFactorConfirm,
  type TwoFactorDisable,
  type TwoFactorStatus,
} from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, FormSubmit, TextInput } from '../components/form-fields';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { s } from '../strings';
import {
  useDisableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
  useResetTwoFactorMutation,
  useSetTwoFactorRequirementMutation,
  useStaffTwoFactorQuery,
  useTwoFactorStatusQuery,
  twoFactorApi,
} from './api';
import { CodeInput, RecoveryCodesPanel, SetupFlow } from './setup-flow';
import { t } from './strings';
import { useAdminDispatch } from '../store';

/** New recovery codes with a current app code; the new ones are shown once. */
function RenewCodes() {
  const [renew] = useRenewRecoveryCodesMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const dispatch = useAdminDispatch();
  const form = useForm<TwoFactorConfirm>({ resolver: zodResolver(twoFactorConfirm), defaultValues: { code: '' } });
  if (codes)
    return (
      <RecoveryCodesPanel
        codes={codes}
        doneLabel={t.codesSaved}
        onDone={() => {
          setCodes(null);
          dispatch(twoFactorApi.util.invalidateTags(['TwoFactor']));
        }}
      />
    );
  const onSubmit = async ({ code }: TwoFactorConfirm) => {
    try {
      setCodes((await renew({ code: code.trim() }).unwrap()).recovery_codes);
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, ['code']);
    }
  };
  return (
    <section className="card stack" aria-labelledby="two-factor-renew">
      <h2 id="two-factor-renew">{t.renewTitle}</h2>
      <p>{t.renewText}</p>
      <AdminForm form={form} onSubmit={onSubmit} aria-label={t.renewTitle}>
        <CodeInput />
        <FormSubmit busyLabel={t.confirming}>{t.renew}</FormSubmit>
      </AdminForm>
    </section>
  );
}

/** Switching off, with password and a code; not offered while the install requires it. */
function DisableForm() {
  const [disable] = useDisableTwoFactorMutation();
  const form = useForm<TwoFactorDisable>({
    resolver: zodResolver(twoFactorDisable),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = async (values: TwoFactorDisable) => {
    try {
      await disable({ password: values.password, code: values.code.trim() }).unwrap();
      toast.success(t.disabled);
    } catch (error) {
      applyServerErrors(error, form.setError, ['password', 'code']);
    }
  };
  return (
    <section className="card stack" aria-labelledby="two-factor-disable">
      <h2 id="two-factor-disable">{t.disableTitle}</h2>
      <p>{t.disableText}</p>
      <AdminForm form={form} onSubmit={onSubmit} aria-label={t.disableTitle}>
        <TextInput name="password" label={t.password} type="password" autoComplete="current-password" />
        <CodeInput hint="" />
        <FormSubmit busyLabel={t.confirming}>{t.disable}</FormSubmit>
      </AdminForm>
    </section>
  );
}

/** The administrators' part: the requirement for every staff account and the reset of a lost phone. */
function AdminSection({ status }: { status: TwoFactorStatus }) {
  const [setRequirement, requirement] = useSetTwoFactorRequirementMutation();
  const staff = useStaffTwoFactorQuery();
  const [reset, resetState] = useResetTwoFactorMutation();
  const [target, setTarget] = useState<StaffTwoFactor | null>(null);
  const id = useId();
  const change = async (required: boolean) => {
    try {
      await setRequirement({ required }).unwrap();
      toast.success(t.requireSaved(required));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.adminTitle}</h2>
      <div className="field">
        <label className="choice admin-checkbox" htmlFor={`${id}-required`}>
          <input
            id={`${id}-required`}
            type="checkbox"
            checked={status.required}
            disabled={requirement.isLoading}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void change(event.target.checked)}
          />
          <span>{t.requireLabel}</span>
        </label>
        <p className="field-hint" id={`${id}-hint`}>
          {t.requireHint}
        </p>
      </div>
      {staff.isLoading ? <Spinner label={s.loading} /> : null}
      {staff.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(staff.error)}
        </p>
      ) : null}
      {staff.data ? (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption>{t.staffCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.reset}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.data.results.map((member) => (
                <tr key={member.id}>
                  <td>{member.name}</td>
                  <td>{member.email}</td>
                  <td>{member.enabled ? t.on : t.off}</td>
                  <td>
                    {member.enabled ? (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t.resetFor(member.name)}
                        onClick={() => setTarget(member)}
                      >
                        {t.reset}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        title={target ? t.resetFor(target.name) : ''}
        message={target ? t.resetConfirm(target.name) : null}
        confirmLabel={t.reset}
        danger
        busy={resetState.isLoading}
        error={resetState.isError ? errorMessage(resetState.error) : null}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          reset(target.id)
            .unwrap()
            .then(() => {
              toast.success(t.resetDone(target.name));
              setTarget(null);
            })
            .catch(() => undefined);
        }}
      />
    </section>
  );
}

/** 'Zwei-Faktor-Anmeldung' in the back office (ADR 025): the own second factor, and for admins the install's. */
export default function TwoFactorPage() {
  const status = useTwoFactorStatusQuery();
  const { data: me } = useMeQuery();
  const dispatch = useAdminDispatch();
  const data = status.data;
  return (
    <AdminPage title={t.title}>
      <p className="lead">{t.intro}</p>
      {status.isLoading ? <Spinner label={s.loading} /> : null}
      {status.isError ? (
        <div className="form-error" role="alert">
          {t.loadFailed} {errorMessage(status.error)}{' '}
          <button type="button" className="button button-small" onClick={() => void status.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {data ? (
        <div className="stack-lg">
          <section className="card stack" aria-labelledby="two-factor-own">
            <h2 id="two-factor-own">{t.title}</h2>
            {data.enabled ? (
              <>
                <p>{t.enabledSince(formatDateTime(data.enabled_at!))}</p>
                <p>{t.codesLeft(data.recovery_codes_left)}</p>
              </>
            ) : (
              <SetupFlow
                intro={<p>{t.notEnabled}</p>}
                doneLabel={t.codesSaved}
                onDone={() => dispatch(twoFactorApi.util.invalidateTags(['TwoFactor']))}
              />
            )}
            {data.required ? <p className="muted">{t.requiredNote}</p> : null}
          </section>
          {data.enabled ? <RenewCodes /> : null}
          {data.enabled && !data.required ? <DisableForm /> : null}
          {me?.role === 'admin' ? <AdminSection status={data} /> : null}
        </div>
      ) : null}
    </AdminPage>
  );
}
