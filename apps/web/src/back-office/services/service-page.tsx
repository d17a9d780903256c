import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminServiceInput, type AdminProvider, type AdminService, type StaffMe } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminColumns, DataTable } from '../components/data-table';
import { AdminForm, FormButtons, SelectInput, TextInput } from '../components/form-fields';
import { filledTranslations, TranslationFields } from '../components/translation-fields';
import { IconTitle } from '../components/icon-title';
import { RecordLoadError } from '../components/load-error';
import { RowButton, RowLink } from '../components/row-actions';
import { StatusBadge } from '../components/status-badge';
import { applyServerErrors, schemaFields } from '../lib/errors';
import { useListArgs, useLocationFilter, withLocation } from '../lib/list-params';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { s } from '../strings';
import { IconSelect } from '../components/icon-select';
import {
  canEditService,
  useCreateServiceMutation,
  useDeleteProviderMutation,
  useProvidersQuery,
  useServiceQuery,
  useUpdateServiceMutation,
} from './api';
import { ContactTextField, contactPreview } from './contact-text-field';
import { t } from './strings';
import '../components/screens.css';

/** The service form: the contract's checks; the location select gives '' for "every location". */
export const serviceFormSchema = adminServiceInput.omit({ location_id: true, sort_order: true }).extend({
  location_id: z.string().transform((value) => (value === '' ? null : Number(value))),
  icon: z.string(),
  contact_text: adminServiceInput.shape.contact_text.unwrap(),
  sort_order: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, { error: t.sortOrderInvalid })
    .transform((value) => (value === '' ? undefined : Number(value))),
});
type FormInput = z.input<typeof serviceFormSchema>;
type FormOutput = z.output<typeof serviceFormSchema>;

function scopeOptions(me: StaffMe | undefined, service?: AdminService) {
  const locations = me?.locations ?? [];
  const options = locations.map((l) => ({ value: String(l.id), label: l.title }));
  if (me?.role === 'admin' || service?.location_id === null) options.unshift({ value: '', label: t.allLocations });
  return options;
}

function ServiceForm({ service, me }: { service?: AdminService; me: StaffMe | undefined }) {
  const navigate = useNavigate();
  const [filterId] = useLocationFilter();
  const [create] = useCreateServiceMutation();
  const [update] = useUpdateServiceMutation();
  const locations = me?.locations ?? [];
  const defaultLocation = service
    ? service.location_id === null
      ? ''
      : String(service.location_id)
    : String(locations.find((l) => l.id === filterId)?.id ?? locations[0]?.id ?? '');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: {
      title: service?.title ?? '',
      icon: service?.icon ?? '',
      location_id: defaultLocation,
      contact_text: service?.contact_text ?? '',
      sort_order: service ? String(service.sort_order) : '',
      translations: service?.translations ?? {},
    },
  });
  const chosen = useWatch({ control: form.control, name: 'location_id' });
  const locationTitle =
    locations.find((l) => String(l.id) === chosen)?.title ?? locations[0]?.title ?? 'Residenz am Stadtpark';

  const onSubmit = async (submitted: FormOutput) => {
    const values = { ...submitted, translations: filledTranslations(submitted.translations) };
    try {
      if (service) {
        const saved = await update({ id: service.id, body: values }).unwrap();
        form.reset({
          title: saved.title,
          icon: saved.icon,
          location_id: saved.location_id === null ? '' : String(saved.location_id),
          contact_text: saved.contact_text,
          sort_order: String(saved.sort_order),
          translations: saved.translations,
        });
        toast.success(t.saved);
      } else {
        const created = await create(values).unwrap();
        toast.success(t.created);
        navigate(withLocation(`/admin/services/${created.id}`, filterId), { replace: true });
      }
    } catch (error) {
      applyServerErrors(error, form.setError, schemaFields(serviceFormSchema));
    }
  };

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form" aria-label={service ? t.editTitle : t.create}>
      {service?.is_system ? <p className="notice admin-notice-info">{t.systemHint}</p> : null}
      <TextInput name="title" label={t.fields.title} />
      <IconSelect label={t.fields.icon} initial={service?.icon} noneLabel="Standardsymbol (Dienste)" />
      {service?.is_system ? (
        <input type="hidden" {...form.register('location_id')} />
      ) : (
        <SelectInput name="location_id" label={t.fields.location_id} options={scopeOptions(me, service)} />
      )}
      <ContactTextField locationTitle={locationTitle} />
      <TextInput
        name="sort_order"
        label={t.fields.sort_order}
        inputMode="numeric"
        required={false}
        hint={t.hints.sortOrder}
      />
      <TranslationFields fields={[{ name: 'title', label: t.fields.title }]} />
      <FormButtons />
    </AdminForm>
  );
}

/** A global service a manager may not change: what residents see, read only. */
function ServiceSummary({ service, locationTitle }: { service: AdminService; locationTitle: string }) {
  return (
    <div className="stack">
      <p className="notice admin-notice-info">{t.globalReadOnly}</p>
      <dl className="admin-facts">
        <dt>{t.fields.title}</dt>
        <dd>
          <IconTitle icon={service.icon || '/icons/services.svg'} title={service.title}>
            {service.is_system ? <StatusBadge status="new" label={t.system} /> : null}
          </IconTitle>
        </dd>
        <dt>{t.fields.location_id}</dt>
        <dd>{t.allLocations}</dd>
        <dt>{t.fields.contact_text}</dt>
        <dd className="admin-preview">{contactPreview(service.contact_text, locationTitle) || '–'}</dd>
      </dl>
    </div>
  );
}

const pcol = adminColumns<AdminProvider>();

function ProvidersSection({ service, me }: { service: AdminService; me: StaffMe | undefined }) {
  const args = useListArgs();
  const result = useProvidersQuery({ ...args, service_id: service.id });
  const { ask, dialog } = useConfirmDelete(useDeleteProviderMutation(), {
    argOf: (provider: AdminProvider) => provider.id,
    title: t.providers.deleteTitle,
    message: (provider) => t.providers.deleteText(provider.name),
    confirmLabel: t.delete,
    done: t.providers.deleted,
  });
  const locations = me?.locations;
  const base = `/admin/services/${service.id}/providers`;
  // On a tablet location, e-mail and the contact form's 'ja' show under the name.
  const providerFold = { into: 'name', columns: ['location_id', 'email', 'allow_form_contact'] };

  const columns = useMemo(
    () => [
      pcol.accessor('name', { header: t.providers.columns.name }),
      pcol.accessor('location_id', {
        header: t.providers.columns.location,
        cell: ({ getValue }) => locations?.find((l) => l.id === getValue())?.title ?? `#${getValue()}`,
      }),
      pcol.accessor('phone', {
        header: t.providers.columns.phone,
        cell: ({ row }) => (
          <>
            {row.original.phone || '–'}
            {row.original.phone && row.original.hide_phone ? (
              <span className="admin-cell-sub">{t.providers.phoneHidden}</span>
            ) : null}
          </>
        ),
      }),
      pcol.accessor('email', { header: t.providers.columns.email, cell: ({ getValue }) => getValue() || '–' }),
      pcol.accessor('allow_form_contact', {
        header: t.providers.columns.form,
        cell: ({ getValue }) => (getValue() ? t.providers.yes : t.providers.no),
      }),
      pcol.display({
        id: 'actions',
        header: t.columns.actions,
        cell: ({ row }) => (
          <span className="admin-cell-actions">
            <RowLink
              label={t.edit}
              name={row.original.name}
              to={withLocation(`${base}/${row.original.id}`, args.location_id)}
            />
            <RowButton label={t.delete} name={row.original.name} danger onClick={() => ask(row.original)} />
          </span>
        ),
      }),
    ],
    [locations, base, args.location_id, ask],
  );

  return (
    <section aria-labelledby="providers-heading">
      <div className="admin-section-head">
        <h2 id="providers-heading">{t.providers.heading}</h2>
        <Link className="button button-primary" to={withLocation(`${base}/new`, args.location_id)}>
          {t.providers.create}
        </Link>
      </div>
      <DataTable
        caption={t.providers.caption(service.title)}
        columns={columns}
        result={result}
        emptyText={t.providers.empty}
        fold={providerFold}
      />
      <ConfirmDialog {...dialog} />
    </section>
  );
}

function ExistingService({ id, me }: { id: number; me: StaffMe | undefined }) {
  const { data: service, isLoading, isError, error, refetch } = useServiceQuery(id);
  if (isLoading) return <Spinner label={s.loading} />;
  if (isError || !service) return <RecordLoadError error={error} notFound={t.notFound} onRetry={refetch} />;
  return (
    <div className="stack-lg">
      {canEditService(service, me?.role) ? (
        <ServiceForm key={service.id} service={service} me={me} />
      ) : (
        <ServiceSummary service={service} locationTitle={me?.locations[0]?.title ?? ''} />
      )}
      <ProvidersSection service={service} me={me} />
    </div>
  );
}

/** /admin/services/new and /admin/services/:serviceId (the service and its providers). */
export default function ServicePage() {
  const { serviceId } = useParams();
  const [filterId] = useLocationFilter();
  const { data: me, isLoading } = useMeQuery();
  const id = serviceId && /^\d{1,9}$/.test(serviceId) ? Number(serviceId) : null;
  return (
    <AdminPage
      title={serviceId ? t.viewTitle : t.create}
      actions={
        <Link className="button" to={withLocation('/admin/services', filterId)}>
          {t.back}
        </Link>
      }
    >
      {isLoading ? (
        <Spinner label={s.loading} />
      ) : serviceId ? (
        id ? (
          <ExistingService id={id} me={me} />
        ) : (
          <p role="alert">{t.notFound}</p>
        )
      ) : (
        <ServiceForm me={me} />
      )}
    </AdminPage>
  );
}
