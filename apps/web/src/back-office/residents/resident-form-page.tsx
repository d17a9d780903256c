import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  adminResidentCreate,
  MOVE_OUT_BEFORE_MOVE_IN,
  moveDatesInOrder,
  moveDay,
  type AdminResident,
  type StaffMe,
} from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, CheckboxInput, FormButtons, SelectInput, TextInput } from '../components/form-fields';
import { RecordLoadError } from '../components/load-error';
import { applyServerErrors, errorMessage, schemaFields } from '../lib/errors';
import { formatDate, formatDateTime } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import {
  useCreateResidentMutation,
  useResidentQuery,
  useSendResidentMailMutation,
  useSetResidentActiveMutation,
  useUpdateResidentMutation,
} from './api';
import { ErasureDialog } from './erasure-dialog';
import { AccessLine, ResidentStatus } from './residents-list';
import { usePrintLetters } from './use-print-letters';
import { useApartmentPrefix } from './use-apartment-prefix';
import { t } from './strings';
import '../components/screens.css';

// The select hands over text; the contract wants the id as a number.
const locationField = z.coerce
  .number<string | number>({ error: t.pickLocation })
  .int({ error: t.pickLocation })
  .min(1, { error: t.pickLocation });

// A date input gives '' when empty; the contract wants null.
const moveField = z
  .string()
  .transform((v) => (v.trim() === '' ? null : v.trim()))
  .pipe(moveDay);

/** The form's schema: the contract's, with the location as the select and the dates as the inputs give them. */
export const residentFormSchema = adminResidentCreate
  .extend({ location_id: locationField, move_in_on: moveField, move_out_on: moveField })
  .refine((v) => moveDatesInOrder(v.move_in_on, v.move_out_on), {
    path: ['move_out_on'],
    message: MOVE_OUT_BEFORE_MOVE_IN,
  });
type FormInput = z.input<typeof residentFormSchema>;
type FormOutput = z.output<typeof residentFormSchema>;

function valuesOf(resident: AdminResident): FormInput {
  return {
    name: resident.name,
    apartment_number: resident.apartment_number,
    email: resident.email,
    location_id: String(resident.location_id),
    is_receptionist: resident.is_receptionist,
    emergency_services_deactivated: resident.emergency_services_deactivated,
    move_in_on: resident.move_in_on ?? '',
    move_out_on: resident.move_out_on ?? '',
    send_invitation: false,
  };
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
/** A `YYYY-MM-DD` day as '18.10.2026'. */
const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * 'Einzug' and 'Auszug': optional days, with what they mean for access. The hints name
 * the installation's days (from the staff session, `access_days`) and, for a date typed, the day
 * access opens or the first day without it, as the server computes them (residents.window.ts).
 */
function MoveDates({ days }: { days: StaffMe['access_days'] }) {
  const before = days.opens_before_move_in;
  const after = days.closes_after_move_out;
  const [moveIn, moveOut] = useWatch({ name: ['move_in_on', 'move_out_on'] }) as [unknown, unknown];
  const inHint = [
    t.hints.moveInDays(before),
    isDay(moveIn) ? t.hints.opensOn(germanDay(addDays(moveIn, -before))) : t.hints.moveIn,
  ].join(' ');
  const outHint = [
    t.hints.moveOutDays(after),
    isDay(moveOut) ? t.hints.closesOn(germanDay(addDays(moveOut, after + 1))) : t.hints.moveOut,
  ].join(' ');
  return (
    <fieldset className="admin-fieldset admin-move-dates">
      <legend className="admin-legend">{t.moveDates}</legend>
      <TextInput name="move_in_on" type="date" label={t.fields.move_in_on} required={false} hint={inHint} />
      <TextInput name="move_out_on" type="date" label={t.fields.move_out_on} required={false} hint={outHint} />
    </fieldset>
  );
}

/** The ERP's id of a resident from the sync: shown, never edited here. */
function ExternalId({ value }: { value: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.externalId}</label>
      <input
        id={id}
        type="text"
        value={value}
        readOnly
        aria-describedby={`${id}-hint`}

        spellCheck={false}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {t.hints.externalId}
      </p>
    </div>
  );
}

/** The create and edit form; creating may send the invitation at once. */
export function ResidentForm({
  me,
  resident,
  defaultLocationId,
}: {
  me: StaffMe;
  resident?: AdminResident;
  defaultLocationId?: number;
}) {
  const navigate = useNavigate();
  const [create] = useCreateResidentMutation();
  const [update] = useUpdateResidentMutation();
  const { locations } = me;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(residentFormSchema),
    defaultValues: resident
      ? valuesOf(resident)
      : {
          name: '',
          apartment_number: '',
          email: '',
          location_id: defaultLocationId
            ? String(defaultLocationId)
            : locations.length === 1
              ? String(locations[0]!.id)
              : '',
          is_receptionist: false,
          emergency_services_deactivated: false,
          move_in_on: '',
          move_out_on: '',
          send_invitation: false,
        },
  });
  const disabled = Boolean(resident?.erased_at);
  // ADR 028: numbers of a location with a prefix start with it; the hint says so.
  const prefix = useApartmentPrefix(Number(useWatch({ control: form.control, name: 'location_id' })) || null);

  const onSubmit = async (values: FormOutput) => {
    try {
      if (resident) {
        const { send_invitation: _ignored, ...body } = values;
        const saved = await update({ id: resident.id, body }).unwrap();
        form.reset(valuesOf(saved));
        toast.success(t.saved);
      } else {
        const created = await create(values).unwrap();
        toast.success(t.created);
        navigate(`/admin/residents/${created.id}`, { replace: true });
      }
    } catch (error) {
      applyServerErrors(error, form.setError, schemaFields(residentFormSchema));
    }
  };

  const locationOptions = [
    ...(resident || locations.length !== 1 ? [{ value: '', label: '– bitte wählen –' }] : []),
    ...locations.map((l) => ({ value: String(l.id), label: l.title })),
  ];

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form" aria-label={resident ? t.editTitle : t.create}>
      <fieldset className="admin-fieldset" disabled={disabled}>
        {/* The location first: its apartment-number prefix is the hint of the number below. */}
        <SelectInput name="location_id" label={t.fields.location_id} options={locationOptions} />
        <TextInput name="name" label={t.fields.name} autoComplete="off" />
        <TextInput
          name="apartment_number"
          label={t.fields.apartment_number}
          hint={prefix ? `${t.hints.apartment} ${t.hints.prefix(prefix)}` : t.hints.apartment}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput name="email" label={t.fields.email} type="email" required={false} hint={t.hints.email} />
        <MoveDates days={me.access_days} />
        {resident?.external_id ? <ExternalId value={resident.external_id} /> : null}
        <CheckboxInput name="is_receptionist" label={t.fields.is_receptionist} hint={t.hints.receptionist} />
        <CheckboxInput
          name="emergency_services_deactivated"
          label={t.fields.emergency_services_deactivated}
          hint={t.hints.emergency}
        />
        {resident ? null : (
          <CheckboxInput name="send_invitation" label={t.fields.send_invitation} hint={t.hints.invitation} />
        )}
        <FormButtons />
      </fieldset>
    </AdminForm>
  );
}

type Pending = 'deactivate' | 'activate' | null;

/** The mails a manager can send a resident again, with their buttons' labels. */
const mails = [
  ['invitation', t.actions.invite],
  ['password-reset', t.actions.resetLink],
] as const;

/** Activate, deactivate, the two mails and the erasure, for a resident who is not erased. */
function ResidentActions({ resident }: { resident: AdminResident }) {
  const [confirm, setConfirm] = useState<Pending>(null);
  const [erasing, setErasing] = useState(false);
  const [setActive, activeState] = useSetResidentActiveMutation();
  const [sendMail, mailState] = useSendResidentMailMutation();
  const letters = usePrintLetters();

  const printLetter = async () => {
    try {
      await letters.print([resident.id]);
      toast.success(t.letters.done(1));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const toggle = async (active: boolean) => {
    try {
      await setActive({ id: resident.id, active }).unwrap();
      toast.success(active ? t.actions.activated : t.actions.deactivated);
      setConfirm(null);
    } catch {
      // shown in the dialog
    }
  };

  const mail = async (kind: (typeof mails)[number][0]) => {
    try {
      const answer = await sendMail({ id: resident.id, kind }).unwrap();
      toast.success(answer.detail);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const mailBlocked = !resident.email ? t.actions.needsEmail : !resident.is_active ? t.actions.needsActive : null;
  return (
    <section className="card admin-side-card" aria-labelledby="resident-actions">
      <h2 id="resident-actions">{t.actions.heading}</h2>
      <div className="admin-action-list">
        {resident.is_active ? (
          <button type="button" className="button" onClick={() => setConfirm('deactivate')}>
            {t.actions.deactivate}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setConfirm('activate')}>
            {t.actions.activate}
          </button>
        )}
        {mails.map(([kind, label]) => (
          <button
            key={kind}
            type="button"
            className="button"
            disabled={Boolean(mailBlocked) || mailState.isLoading}
            aria-describedby={mailBlocked ? 'resident-mail-blocked' : undefined}
            onClick={() => void mail(kind)}
          >
            {label}
          </button>
        ))}
        {mailBlocked ? (
          <p className="field-hint" id="resident-mail-blocked">
            {mailBlocked}
          </p>
        ) : null}
        <button
          type="button"
          className="button"
          disabled={!resident.is_active || letters.busy}
          aria-describedby={resident.is_active ? 'resident-letter-hint' : 'resident-letter-blocked'}
          onClick={() => void printLetter()}
        >
          {letters.busy ? t.letters.printing : t.letters.printOne}
        </button>
        <p className="field-hint" id={resident.is_active ? 'resident-letter-hint' : 'resident-letter-blocked'}>
          {resident.is_active ? t.letters.hint : t.letters.needsActive}
        </p>
        <button type="button" className="button button-danger" onClick={() => setErasing(true)}>
          {t.actions.erase}
        </button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'activate' ? t.actions.activateTitle : t.actions.deactivateTitle}
        message={
          confirm === 'activate' ? t.actions.activateText(resident.name) : t.actions.deactivateText(resident.name)
        }
        confirmLabel={confirm === 'activate' ? t.actions.activate : t.actions.deactivate}
        danger={confirm === 'deactivate'}
        busy={activeState.isLoading}
        error={activeState.error ? errorMessage(activeState.error) : null}
        onConfirm={() => void toggle(confirm === 'activate')}
        onClose={() => {
          setConfirm(null);
          activeState.reset();
        }}
      />
      <ErasureDialog resident={resident} open={erasing} onClose={() => setErasing(false)} />
    </section>
  );
}

function AccountFacts({ resident }: { resident: AdminResident }) {
  return (
    <dl className="admin-facts">
      <dt>{t.account}</dt>
      <dd>
        <ResidentStatus resident={resident} />
      </dd>
      <dt>{t.access}</dt>
      <dd>
        <AccessLine resident={resident} />
      </dd>
      <dt>{t.lastLogin}</dt>
      <dd>{resident.last_login_at ? formatDateTime(resident.last_login_at) : t.neverLoggedIn}</dd>
      {resident.activation_expires_at ? (
        <>
          <dt>{t.codeValidUntil}</dt>
          <dd>{formatDate(resident.activation_expires_at)}</dd>
        </>
      ) : null}
      <dt>{t.invitedAt}</dt>
      <dd>{resident.invited_at ? formatDateTime(resident.invited_at) : t.notInvited}</dd>
      <dt>{t.createdAt}</dt>
      <dd>{formatDateTime(resident.created_at)}</dd>
    </dl>
  );
}

function EditResident({ id, me }: { id: number; me: StaffMe }) {
  const { data: resident, isLoading, isError, error, refetch } = useResidentQuery(id);
  if (isLoading) return <Spinner label={s.loading} />;
  if (isError || !resident) return <RecordLoadError error={error} notFound={t.notFound} onRetry={refetch} />;
  return (
    <div className="admin-two-columns">
      <div>
        {resident.erased_at ? (
          <p className="notice admin-notice-info" role="status">
            {t.erasedNotice(formatDate(resident.erased_at))}
          </p>
        ) : null}
        <ResidentForm key={resident.id} me={me} resident={resident} />
      </div>
      <aside className="stack">
        <section className="card admin-side-card">
          <AccountFacts resident={resident} />
        </section>
        {resident.erased_at ? null : <ResidentActions resident={resident} />}
      </aside>
    </div>
  );
}

/** /admin/residents/new and /admin/residents/:residentId. */
export default function ResidentFormPage() {
  const { residentId } = useParams();
  const [locationId] = useLocationFilter();
  const id = residentId && /^\d{1,9}$/.test(residentId) ? Number(residentId) : null;
  // The form needs the session: the caller's locations and the installation's access days.
  const { data: me, error: meError, refetch: refetchMe } = useMeQuery();
  return (
    <AdminPage
      title={residentId ? t.editTitle : t.create}
      actions={
        <Link className="button" to={withLocation('/admin/residents', locationId)}>
          {t.back}
        </Link>
      }
    >
      {residentId && !id ? (
        <p role="alert">{t.notFound}</p>
      ) : !me ? (
        meError ? (
          <RecordLoadError error={meError} notFound={t.notFound} onRetry={refetchMe} />
        ) : (
          <Spinner label={s.loading} />
        )
      ) : id ? (
        <EditResident id={id} me={me} />
      ) : (
        <ResidentForm me={me} defaultLocationId={locationId} />
      )}
    </AdminPage>
  );
}
