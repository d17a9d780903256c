import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminLocationUpdate, type AdminLocation } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import {
  AdminForm,
  CheckboxInput,
  FormButtons,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../components/form-fields';
import { RecordLoadError } from '../components/load-error';
import { applyServerErrors, schemaFields } from '../lib/errors';
import { s } from '../strings';
import { useLocationQuery, useLocationServicesQuery, useLocationsQuery, useUpdateLocationMutation } from './api';
import { AddressFields, BuildingFields } from './location-address-fields';
import { LogoPanel } from './logo-panel';
import { t } from './strings';
import '../components/screens.css';

/**
 * Every field of a location (product §3.8, §4.4) with the contract's checks; the select gives the default
 * service as text ('' for none), and a button that dials directly needs a number to dial.
 */
export const locationFormSchema = adminLocationUpdate
  .required()
  .extend({
    default_service_id: z.string().transform((value) => (value === '' ? null : Number(value))),
    // A number input hands over text: '' leaves acceptance to the manager.
    auto_accept_days: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 90), {
        error: t.autoAcceptInvalid,
      })
      .transform((value) => (value === '' ? null : Number(value))),
  })
  .superRefine((value, ctx) => {
    if (value.direct_call && value.direct_number === '') {
      ctx.addIssue({ code: 'custom', path: ['direct_number'], message: t.directNumberRequired });
    }
  });
type FormInput = z.input<typeof locationFormSchema>;
type FormOutput = z.output<typeof locationFormSchema>;

function valuesOf(location: AdminLocation): FormInput {
  return {
    title: location.title,
    name: location.name,
    direct_call: location.direct_call,
    direct_number: location.direct_number,
    default_service_id: location.default_service_id === null ? '' : String(location.default_service_id),
    default_service_always: location.default_service_always,
    text: location.text,
    hours: location.hours,
    phone: location.phone,
    email: location.email,
    free_text: location.free_text,
    residents_can_post: location.residents_can_post,
    reception_publishes_directly: location.reception_publishes_directly,
    apartment_prefix: location.apartment_prefix ?? '',
    street: location.street,
    postal_code: location.postal_code,
    city: location.city,
    access_note: location.access_note,
    auto_accept_days: location.auto_accept_days === null ? '' : String(location.auto_accept_days),
    buildings: location.buildings,
  };
}

/**
 * The apartment-number prefix (ADR 028): administrators edit it, and while the install
 * has more than one location and this one has none, a hint recommends one; managers see it read-only.
 */
function PrefixFields({ location, isAdmin }: { location: AdminLocation; isAdmin: boolean }) {
  const locations = useLocationsQuery({ page: 1 }, { skip: !isAdmin });
  const recommend = isAdmin && location.apartment_prefix === null && (locations.data?.count ?? 0) > 1;
  return (
    <fieldset className="admin-fieldset">
      <legend className="admin-legend">{t.sections.apartments}</legend>
      {recommend ? (
        <p className="field-hint" role="note">
          {t.prefixRecommended}
        </p>
      ) : null}
      <TextInput
        name="apartment_prefix"
        label={t.fields.apartment_prefix}
        required={false}
        readOnly={!isAdmin}
        maxLength={10}
        autoComplete="off"
        spellCheck={false}
        hint={
          isAdmin
            ? t.hints.apartment_prefix
            : location.apartment_prefix === null
              ? t.hints.apartment_prefix_none
              : t.hints.apartment_prefix_read_only
        }
      />
    </fieldset>
  );
}

function LocationForm({ location }: { location: AdminLocation }) {
  const [update] = useUpdateLocationMutation();
  const { data: me } = useMeQuery();
  const isAdmin = me?.role === 'admin';
  const services = useLocationServicesQuery(location.id);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(locationFormSchema),
    defaultValues: valuesOf(location),
  });
  const serviceOptions = [
    { value: '', label: t.noService },
    ...(services.data?.results ?? []).map((service) => ({ value: String(service.id), label: service.title })),
  ];
  // Until the services arrive, the stored default keeps a labelled option so the select shows it.
  if (
    location.default_service_id !== null &&
    !serviceOptions.some((o) => o.value === String(location.default_service_id))
  )
    serviceOptions.push({ value: String(location.default_service_id), label: location.default_service_name });

  const onSubmit = async (values: FormOutput) => {
    try {
      // Only administrators change the prefix; a manager's form leaves it out (the server would say 403).
      const { apartment_prefix, ...rest } = values;
      const body = isAdmin ? { ...rest, apartment_prefix } : rest;
      const saved = await update({ id: location.id, body }).unwrap();
      form.reset(valuesOf(saved));
      toast.success(t.saved);
    } catch (error) {
      applyServerErrors(error, form.setError, schemaFields(locationFormSchema));
    }
  };

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form" aria-label={t.editTitle}>
      <fieldset className="admin-fieldset">
        <legend className="admin-legend">{t.sections.general}</legend>
        <TextInput name="title" label={t.fields.title} hint={t.hints.title} />
        <TextInput name="name" label={t.fields.name} hint={t.hints.name} required={false} />
      </fieldset>
      <AddressFields />
      <BuildingFields />
      <fieldset className="admin-fieldset">
        <legend className="admin-legend">{t.sections.acceptance}</legend>
        <TextInput
          name="auto_accept_days"
          label={t.fields.auto_accept_days}
          hint={t.hints.auto_accept_days}
          required={false}
          type="number"
          inputMode="numeric"
          min={1}
          max={90}
          step={1}
          className="location-days"
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend className="admin-legend">{t.sections.emergency}</legend>
        <CheckboxInput name="direct_call" label={t.fields.direct_call} hint={t.hints.direct_call} />
        <TextInput
          name="direct_number"
          label={t.fields.direct_number}
          type="tel"
          hint={t.hints.direct_number}
          required={false}
        />
        <SelectInput
          name="default_service_id"
          label={t.fields.default_service_id}
          hint={t.hints.default_service_id}
          required={false}
          options={serviceOptions}
        />
        <CheckboxInput
          name="default_service_always"
          label={t.fields.default_service_always}
          hint={t.hints.default_service_always}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend className="admin-legend">{t.sections.reception}</legend>
        <TextAreaInput name="text" label={t.fields.text} rows={4} required={false} />
        <TextAreaInput name="hours" label={t.fields.hours} rows={3} required={false} />
        <TextInput name="phone" label={t.fields.phone} type="tel" required={false} />
        <TextInput name="email" label={t.fields.email} type="email" required={false} />
        <TextAreaInput name="free_text" label={t.fields.free_text} hint={t.hints.free_text} rows={4} required={false} />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend className="admin-legend">{t.sections.blackboard}</legend>
        <CheckboxInput
          name="residents_can_post"
          label={t.fields.residents_can_post}
          hint={t.hints.residents_can_post}
        />
        <CheckboxInput
          name="reception_publishes_directly"
          label={t.fields.reception_publishes_directly}
          hint={t.hints.reception_publishes_directly}
        />
      </fieldset>
      <PrefixFields location={location} isAdmin={isAdmin} />
      <FormButtons />
    </AdminForm>
  );
}

/** /admin/locations/:locationId: the settings form and the logo. */
export default function LocationPage() {
  const { locationId } = useParams();
  const id = locationId && /^\d{1,9}$/.test(locationId) ? Number(locationId) : null;
  const { data: location, isLoading, isError, error, refetch } = useLocationQuery(id ?? 0, { skip: id === null });
  return (
    <AdminPage
      title={location ? `${t.editTitle}: ${location.title}` : t.editTitle}
      actions={
        <Link className="button" to="/admin/locations">
          {t.back}
        </Link>
      }
    >
      {isLoading ? <Spinner label={s.loading} /> : null}
      {id === null || (isError && !location) ? (
        <RecordLoadError error={error} notFound={t.notFound} missing={id === null} onRetry={refetch} />
      ) : null}
      {location ? (
        <div className="admin-two-columns">
          <LocationForm key={location.id} location={location} />
          <LogoPanel location={location} />
        </div>
      ) : null}
    </AdminPage>
  );
}
