import { Link, useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminProviderInput, type AdminProvider, type AdminService, type StaffMe } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import {
  AdminForm,
  CheckboxGroupInput,
  CheckboxInput,
  FormButtons,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../components/form-fields';
import { RecordLoadError } from '../components/load-error';
import { applyServerErrors, schemaFields } from '../lib/errors';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import {
  useCreateProviderMutation,
  useProviderQuery,
  useServiceQuery,
  useTradeCategoriesQuery,
  useUpdateProviderMutation,
} from './api';
import { t } from './strings';
import '../components/screens.css';

const p = t.providers;

/** Every provider field (product §3.7, §4.4) with the contract's checks; the service comes from the page. */
export const providerFormSchema = adminProviderInput.omit({ service_id: true }).extend({
  location_id: z.coerce
    .number<string | number>({ error: t.pickLocation })
    .int({ error: t.pickLocation })
    .min(1, { error: t.pickLocation }),
  hide_phone: z.boolean(),
  allow_form_contact: z.boolean(),
  category_ids: z.array(z.number()),
});
type FormInput = z.input<typeof providerFormSchema>;
type FormOutput = z.output<typeof providerFormSchema>;

function valuesOf(provider: AdminProvider): FormInput {
  return {
    location_id: String(provider.location_id),
    name: provider.name,
    phone: provider.phone,
    hide_phone: provider.hide_phone,
    text: provider.text,
    contact: provider.contact,
    hours: provider.hours,
    email: provider.email,
    website: provider.website,
    allow_form_contact: provider.allow_form_contact,
    placeholder: provider.placeholder,
    category_ids: provider.category_ids,
  };
}

/**
 * 'Gewerke': the ticket categories of the provider's location it works on (the craftsman picker
 * offers it first for them). Archived ones show only while the provider still has them.
 */
function TradeFields({ locationId, chosen }: { locationId: number; chosen: readonly number[] }) {
  const categories = useTradeCategoriesQuery(locationId, { skip: !locationId });
  const rows = (categories.data?.results ?? []).filter((c) => !c.archived || chosen.includes(c.id));
  if (categories.isLoading) return <Spinner label={s.loading} />;
  if (rows.length === 0) return <p className="muted">{p.tradesNone}</p>;
  return (
    <CheckboxGroupInput
      name="category_ids"
      label={p.fields.category_ids}
      hint={p.hints.category_ids}
      options={rows.map((c) => ({ value: c.id, label: c.archived ? `${c.name} (${p.archived})` : c.name }))}
    />
  );
}

function ProviderForm({
  service,
  provider,
  me,
  onCreated,
}: {
  service: AdminService;
  provider?: AdminProvider;
  me: StaffMe | undefined;
  onCreated: (created: AdminProvider) => void;
}) {
  const [filterId] = useLocationFilter();
  const [create] = useCreateProviderMutation();
  const [update] = useUpdateProviderMutation();
  // A service of one location has its providers only there; a global one at each of the caller's.
  const locations = (me?.locations ?? []).filter((l) => service.location_id === null || l.id === service.location_id);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(providerFormSchema),
    defaultValues: provider
      ? valuesOf(provider)
      : {
          location_id: String(locations.find((l) => l.id === filterId)?.id ?? locations[0]?.id ?? ''),
          name: '',
          phone: '',
          hide_phone: false,
          text: '',
          contact: '',
          hours: '',
          email: '',
          website: '',
          allow_form_contact: false,
          placeholder: '',
          category_ids: [],
        },
  });
  const locationId = Number(useWatch({ control: form.control, name: 'location_id' }));
  const chosenTrades = useWatch({ control: form.control, name: 'category_ids' });
  const trades = useTradeCategoriesQuery(locationId, { skip: !locationId });

  const onSubmit = async (values: FormOutput) => {
    // Trades are categories of the provider's location: another location's leave with a change of it.
    const known = trades.data?.results.map((c) => c.id);
    const category_ids = known ? values.category_ids.filter((id) => known.includes(id)) : values.category_ids;
    const body = { ...values, category_ids, service_id: service.id };
    try {
      if (provider) {
        const saved = await update({ id: provider.id, body }).unwrap();
        form.reset(valuesOf(saved));
        toast.success(p.saved);
      } else {
        const created = await create(body).unwrap();
        toast.success(p.saved);
        onCreated(created);
      }
    } catch (error) {
      applyServerErrors(error, form.setError, schemaFields(providerFormSchema));
    }
  };

  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      className="admin-form"
      aria-label={provider ? p.editTitle : p.createTitle}
    >
      <TextInput name="name" label={p.fields.name} />
      {locations.length > 1 || provider ? (
        <SelectInput
          name="location_id"
          label={p.fields.location_id}
          options={locations.map((l) => ({ value: String(l.id), label: l.title }))}
        />
      ) : null}
      <TextInput name="phone" label={p.fields.phone} type="tel" required={false} />
      <CheckboxInput name="hide_phone" label={p.fields.hide_phone} hint={p.hints.hide_phone} />
      <TextInput name="email" label={p.fields.email} type="email" required={false} />
      <TextInput name="website" label={p.fields.website} type="url" required={false} hint={p.hints.website} />
      <TextInput name="contact" label={p.fields.contact} required={false} />
      <TextAreaInput name="hours" label={p.fields.hours} rows={3} required={false} />
      <TextAreaInput name="text" label={p.fields.text} rows={5} required={false} />
      <CheckboxInput name="allow_form_contact" label={p.fields.allow_form_contact} />
      <TextInput name="placeholder" label={p.fields.placeholder} required={false} hint={p.hints.placeholder} />
      <TradeFields locationId={locationId} chosen={chosenTrades} />
      <FormButtons />
    </AdminForm>
  );
}

function EditProvider({ id, service, me }: { id: number; service: AdminService; me: StaffMe | undefined }) {
  const { data: provider, isLoading, isError, error, refetch } = useProviderQuery(id);
  if (isLoading) return <Spinner label={s.loading} />;
  if (isError || !provider || provider.service_id !== service.id)
    // A provider of another service is not found here, as if it did not exist.
    return <RecordLoadError error={error} notFound={p.notFound} missing={!error} onRetry={refetch} />;
  return <ProviderForm key={provider.id} service={service} provider={provider} me={me} onCreated={() => undefined} />;
}

/** /admin/services/:serviceId/providers/new and …/providers/:providerId. */
export default function ProviderPage() {
  const { serviceId, providerId } = useParams();
  const navigate = useNavigate();
  const [filterId] = useLocationFilter();
  const { data: me, isLoading: meLoading } = useMeQuery();
  const sid = Number(serviceId);
  const validService = Boolean(serviceId && /^\d{1,9}$/.test(serviceId));
  const service = useServiceQuery(sid, { skip: !validService });
  const pid = providerId && /^\d{1,9}$/.test(providerId) ? Number(providerId) : null;
  const back = withLocation(`/admin/services/${serviceId}`, filterId);

  let body;
  if (!validService) body = <p role="alert">{t.notFound}</p>;
  else if (meLoading || service.isLoading) body = <Spinner label={s.loading} />;
  else if (service.isError || !service.data)
    body = <RecordLoadError error={service.error} notFound={t.notFound} onRetry={service.refetch} />;
  else if (providerId && pid === null) body = <p role="alert">{p.notFound}</p>;
  else if (pid !== null) body = <EditProvider id={pid} service={service.data} me={me} />;
  else
    body = (
      <ProviderForm
        service={service.data}
        me={me}
        onCreated={(created) => navigate(back, { state: { saved: created.id } })}
      />
    );

  return (
    <AdminPage
      title={`${providerId ? p.editTitle : p.createTitle}${service.data ? ` – ${service.data.title}` : ''}`}
      actions={
        <Link className="button" to={back}>
          {p.back(service.data?.title ?? t.viewTitle)}
        </Link>
      }
    >
      {body}
    </AdminPage>
  );
}
