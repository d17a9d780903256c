import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Controller, useForm, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminTicketCreate, type AdminResident } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { ApartmentPicker } from '../components/apartment-picker';
import {
  AdminForm,
  CheckboxInput,
  describedBy,
  FieldNotes,
  FormButtons,
  RadioGroupInput,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../components/form-fields';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import { useCreateTicketMutation, useTicketCategoriesQuery, useTicketResidentsQuery } from './api';
import { t } from './strings';
import '../components/screens.css';

// The selects hand over text; the contract wants ids as numbers.
const idField = (message: string) =>
  z.coerce.number<string | number>({ error: message }).int({ error: message }).min(1, { error: message });

/** The contract's fields, with the location (which the form needs to offer residents and categories). */
export const ticketFormSchema = z
  .object({
    ...adminTicketCreate.shape,
    location_id: idField(s.notices.pickLocation),
    resident_id: idField(t.form.pickResident),
    category_id: idField(t.form.pickCategory),
  })
  .superRefine((values, ctx) => {
    // The contract's own rules across fields (a building-wide defect needs its place).
    const { location_id: _location, ...body } = values;
    const result = adminTicketCreate.safeParse(body);
    if (result.success) return;
    for (const issue of result.error.issues) {
      if (issue.path[0] === 'place') ctx.addIssue({ code: 'custom', message: issue.message, path: ['place'] });
    }
  });
type FormInput = z.input<typeof ticketFormSchema>;
type FormOutput = z.output<typeof ticketFormSchema>;

/**
 * Whose report it is: the manager picks the apartment from the location's apartments,
 * then the person among its active accounts (taken at once when only one lives there); their id
 * goes into `resident_id`.
 */
function ResidentPicker({ locationId }: { locationId: number | undefined }) {
  const { control, formState } = useFormContext<FormInput>();
  const id = useId();
  const [apartment, setApartment] = useState('');
  const { data, isFetching, isError, error } = useTicketResidentsQuery(
    { location_id: locationId ?? 0, search: apartment },
    { skip: !locationId || !apartment },
  );
  // The search finds the number inside others too (A-0101 in A-01011); only the apartment counts.
  const people = (data?.results ?? []).filter((r) => r.apartment_number === apartment && !r.erased_at);
  const message = formState.errors.resident_id?.message;

  // Another location means other apartments.
  const [seenLocation, setSeenLocation] = useState(locationId);
  if (seenLocation !== locationId) {
    setSeenLocation(locationId);
    setApartment('');
  }

  return (
    <Controller
      control={control}
      name="resident_id"
      render={({ field }) => (
        <fieldset
          className={`field ticket-resident-picker${message ? ' field-invalid' : ''}`}
          aria-describedby={apartment ? describedBy(id, undefined, message) : undefined}
        >
          <legend className="admin-legend">{t.form.resident}</legend>
          <ApartmentPicker
            label={t.form.apartment}
            hint={t.form.apartmentHint}
            error={apartment ? undefined : message}
            locationId={locationId}
            value={apartment}
            inputRef={apartment ? undefined : field.ref}
            onBlur={field.onBlur}
            onChange={(value) => {
              setApartment(value);
              field.onChange('');
            }}
          />
          {!apartment ? null : isFetching && !data ? (
            <p className="muted" aria-live="polite">
              {t.merge.searching}
            </p>
          ) : isError ? (
            <p className="form-error">{errorMessage(error)}</p>
          ) : people.length === 0 ? (
            <p className="muted" role="status">
              {t.form.residentNone}
            </p>
          ) : (
            <ResidentChoice
              people={people}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              inputRef={field.ref}
            />
          )}
          {apartment ? <FieldNotes id={id} error={message} /> : null}
        </fieldset>
      )}
    />
  );
}

/** The people of the chosen apartment as radio buttons; one alone is chosen at once. */
function ResidentChoice({
  people,
  value,
  onChange,
  inputRef,
}: {
  people: AdminResident[];
  value: string;
  onChange: (value: string) => void;
  inputRef: (el: HTMLInputElement | null) => void;
}) {
  const only = people.length === 1 ? String(people[0]!.id) : '';
  useEffect(() => {
    if (only && value !== only) onChange(only);
  }, [only, value, onChange]);
  return (
    <fieldset className="choice-group admin-fieldset">
      <legend className="admin-legend">{t.form.residentOfApartment}</legend>
      {people.map((resident, index) => (
        <label key={resident.id} className="choice admin-checkbox">
          <input
            ref={index === 0 ? inputRef : undefined}
            type="radio"
            name="resident_id"
            value={String(resident.id)}
            checked={value === String(resident.id)}
            onChange={() => onChange(String(resident.id))}
          />
          <span>{resident.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

function CategoryField({ locationId }: { locationId: number | undefined }) {
  const { control } = useFormContext<FormInput>();
  const categories = useTicketCategoriesQuery({ location_id: locationId ?? 0 }, { skip: !locationId });
  const chosen = useWatch({ control, name: 'category_id' });
  const rows = (categories.data?.results ?? []).filter((c) => !c.archived);
  const emergency = rows.find((c) => String(c.id) === String(chosen))?.emergency;
  return (
    <>
      <SelectInput
        name="category_id"
        label={t.form.category}
        options={[
          { value: '', label: categories.isFetching ? s.loading : t.assignment.pick },
          ...rows.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
      {emergency ? (
        <p className="ticket-emergency-hint" role="note">
          <span aria-hidden="true">☎ </span>
          {t.form.emergencyHint}
        </p>
      ) : null}
    </>
  );
}

function PlaceField() {
  const { control } = useFormContext<FormInput>();
  const scope = useWatch({ control, name: 'scope' });
  const building = scope === 'building';
  return (
    <TextInput
      name="place"
      label={building ? t.form.place : t.form.placeOptional}
      hint={building ? t.form.placeHint : t.form.placeOptionalHint}
      required={building}
      maxLength={200}
    />
  );
}

function TicketForm({ defaultLocationId }: { defaultLocationId?: number }) {
  const navigate = useNavigate();
  const { data: me } = useMeQuery();
  const [create] = useCreateTicketMutation();
  const locations = me?.locations ?? [];
  const [filter] = useLocationFilter();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: {
      location_id: defaultLocationId ? String(defaultLocationId) : '',
      resident_id: '',
      category_id: '',
      scope: 'apartment',
      place: '',
      description: '',
      contact_consent: false,
      contact_phone: '',
      source: 'phone',
    },
  });
  const locationValue = useWatch({ control: form.control, name: 'location_id' });
  const locationId = Number(locationValue) || undefined;

  // Residents and categories belong to the location: another location clears both choices
  // (the picker starts again through its key).
  const { setValue } = form;
  useEffect(() => {
    setValue('category_id', '');
    setValue('resident_id', '');
  }, [locationId, setValue]);

  const onSubmit = async (values: FormOutput) => {
    const { location_id: _location, ...body } = values;
    try {
      const created = await create(body).unwrap();
      toast.success(t.form.created(created.number));
      navigate(withLocation(`/admin/tickets/${created.id}`, filter), { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError, [
        'resident_id',
        'category_id',
        'scope',
        'place',
        'description',
        'contact_consent',
        'contact_phone',
        'source',
      ]);
    }
  };

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form" aria-label={t.form.title}>
      {locations.length > 1 ? (
        <SelectInput
          name="location_id"
          label={t.form.location}
          options={[
            { value: '', label: t.assignment.pick },
            ...locations.map((l) => ({ value: String(l.id), label: l.title })),
          ]}
        />
      ) : null}
      <ResidentPicker key={locationId ?? 0} locationId={locationId} />
      <CategoryField locationId={locationId} />
      <RadioGroupInput
        name="scope"
        inline
        label={t.form.scope}
        options={[
          { value: 'apartment', label: t.scopeLong.apartment! },
          { value: 'building', label: t.scopeLong.building! },
        ]}
      />
      <PlaceField />
      <TextAreaInput name="description" label={t.form.description} rows={6} maxLength={5000} />
      <CheckboxInput name="contact_consent" label={t.form.consent} hint={t.form.consentHint} />
      <TextInput
        name="contact_phone"
        label={t.form.phone}
        type="tel"
        autoComplete="off"
        required={false}
        maxLength={50}
      />
      <RadioGroupInput
        name="source"
        inline
        label={t.form.source}
        options={[
          { value: 'phone', label: t.form.sources.phone },
          { value: 'desk', label: t.form.sources.desk },
        ]}
      />
      <FormButtons busyLabel={t.form.busy}>{t.form.submit}</FormButtons>
    </AdminForm>
  );
}

/** /admin/tickets/new: a ticket for a resident who phoned or came to the desk. */
export function TicketCreatePage() {
  const { data: me, isLoading } = useMeQuery();
  const [filter] = useLocationFilter();
  const locations = me?.locations ?? [];
  const defaultLocationId =
    locations.find((l) => l.id === filter)?.id ?? (locations.length === 1 ? locations[0]!.id : undefined);
  return (
    <AdminPage
      title={t.form.title}
      actions={
        <Link className="button" to={withLocation('/admin/tickets', filter)}>
          {t.ticket.back}
        </Link>
      }
    >
      <p className="muted ticket-intro">{t.form.intro}</p>
      {isLoading ? <Spinner label={s.loading} /> : null}
      {me && locations.length === 0 ? <p className="empty">{t.form.noLocation}</p> : null}
      {me && locations.length > 0 ? <TicketForm defaultLocationId={defaultLocationId} /> : null}
    </AdminPage>
  );
}
