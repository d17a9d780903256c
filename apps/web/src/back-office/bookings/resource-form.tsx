import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  BOOKING_DAY_RANGE,
  PRICE_PER_NIGHT_MAX_CENTS,
  requiredTrimmedText,
  trimmedText,
  type AdminBookingResource,
  bookingResourceInput,
  type BookingResourceInput,
  type StaffMe,
} from '@hausportal/contract';
import {
  AdminForm,
  CheckboxInput,
  FormButtons,
  RadioGroupInput,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../components/form-fields';
import { filledTranslations, TranslationFields } from '../components/translation-fields';
import { applyServerErrors, schemaFields } from '../lib/errors';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useCreateBookingResourceMutation, useUpdateBookingResourceMutation } from './api';
import { t } from './strings';

const f = t.form;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Euros as typed in Germany: '25', '25,50' or '25.50'. */
const EUROS = /^\d{1,5}(?:[.,]\d{1,2})?$/;
const centsOf = (euros: string) => Math.round(Number(euros.trim().replace(',', '.')) * 100);
const eurosOf = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');

/** A whole number typed into a text field, in [min, max]; the contract's message. */
const inRange = (value: string, min: number, max: number) =>
  /^\d{1,6}$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/**
 * The form's fields as typed: numbers as the text of their inputs, checked with the contract's
 * ranges and messages. The slot fields count only for slots; with whole days they keep their
 * values unchecked (the server still takes them) so a switch back finds them as they were.
 */
const fields = z.object({
  location_id: z.string().regex(/^\d+$/, { error: t.resources.notFound }),
  name: requiredTrimmedText(120),
  description: trimmedText(5000),
  house_rules: trimmedText(10_000),
  fee_text: trimmedText(500),
  mode: z.enum(['slots', 'days']),
  slot_minutes: z.string(),
  day_start: z.string(),
  day_end: z.string(),
  horizon_days: z.string().refine((v) => inRange(v, 1, 730), { error: f.wholeNumber(1, 730) }),
  max_length: z.string().refine((v) => inRange(v, 1, 60), { error: f.wholeNumber(1, 60) }),
  quota_count: z.string().refine((v) => v.trim() === '' || inRange(v, 1, 100), { error: f.wholeNumber(1, 100) }),
  quota_period: z.enum(['week', 'month']),
  cancel_hours: z.string().refine((v) => inRange(v, 0, 720), { error: f.wholeNumber(0, 720) }),
  approval_required: z.boolean(),
  /** A day resource's price per night in euros, as typed; empty for none. */
  price_per_night_cents: z
    .string()
    .refine((v) => v.trim() === '' || (EUROS.test(v.trim()) && centsOf(v) <= PRICE_PER_NIGHT_MAX_CENTS), {
      error: f.priceFormat,
    }),
  translations: bookingResourceInput.shape.translations,
});

export const resourceFormSchema = fields
  .superRefine((v, ctx) => {
    if (v.mode !== 'slots') return;
    if (!inRange(v.slot_minutes, 15, 720))
      ctx.addIssue({ code: 'custom', path: ['slot_minutes'], message: f.wholeNumber(15, 720) });
    if (!TIME.test(v.day_start)) ctx.addIssue({ code: 'custom', path: ['day_start'], message: f.timeFormat });
    if (!TIME.test(v.day_end)) ctx.addIssue({ code: 'custom', path: ['day_end'], message: f.timeFormat });
    else if (TIME.test(v.day_start) && v.day_start >= v.day_end)
      ctx.addIssue({ code: 'custom', path: ['day_end'], message: BOOKING_DAY_RANGE });
  })
  .transform((v): BookingResourceInput => ({
    location_id: Number(v.location_id),
    name: v.name,
    description: v.description,
    house_rules: v.house_rules,
    fee_text: v.fee_text,
    mode: v.mode,
    // Kept as they were with whole days, where they are unused, as long as the server takes them.
    slot_minutes: inRange(v.slot_minutes, 15, 720) ? Number(v.slot_minutes) : 120,
    day_start: TIME.test(v.day_start) ? v.day_start : '07:00',
    day_end: TIME.test(v.day_end) && v.day_end > v.day_start ? v.day_end : '22:00',
    horizon_days: Number(v.horizon_days),
    max_length: Number(v.max_length),
    quota_count: v.quota_count.trim() === '' ? null : Number(v.quota_count),
    quota_period: v.quota_period,
    cancel_hours: Number(v.cancel_hours),
    approval_required: v.approval_required,
    // A price per night means nothing for time slots.
    price_per_night_cents:
      v.mode === 'days' && v.price_per_night_cents.trim() ? centsOf(v.price_per_night_cents) : null,
    translations: filledTranslations(v.translations),
  }));
type FormInput = z.input<typeof resourceFormSchema>;
const FIELDS = schemaFields(fields);

function valuesOf(r: AdminBookingResource | undefined, locationId: string): FormInput {
  return {
    location_id: r ? String(r.location_id) : locationId,
    name: r?.name ?? '',
    description: r?.description ?? '',
    house_rules: r?.house_rules ?? '',
    fee_text: r?.fee_text ?? '',
    mode: r?.mode ?? 'slots',
    slot_minutes: String(r?.slot_minutes ?? 120),
    day_start: r?.day_start ?? '07:00',
    day_end: r?.day_end ?? '22:00',
    horizon_days: String(r?.horizon_days ?? 60),
    max_length: String(r?.max_length ?? 1),
    quota_count: r?.quota_count === null || r?.quota_count === undefined ? '' : String(r.quota_count),
    quota_period: r?.quota_period ?? 'week',
    cancel_hours: String(r?.cancel_hours ?? 24),
    approval_required: r?.approval_required ?? false,
    price_per_night_cents:
      r?.price_per_night_cents === null || r?.price_per_night_cents === undefined
        ? ''
        : eurosOf(r.price_per_night_cents),
    translations: r?.translations ?? {},
  };
}

/**
 * A resource's rules in three groups (what it is, how it is booked, the rules), every field
 * with its range in the hint and its server error under it. A new resource opens its own page
 * once saved, where blocks and files follow.
 */
export function ResourceForm({ resource, me }: { resource?: AdminBookingResource; me: StaffMe }) {
  const navigate = useNavigate();
  const [filterId] = useLocationFilter();
  const [create] = useCreateBookingResourceMutation();
  const [update] = useUpdateBookingResourceMutation();
  const locations = me.locations;
  const initialLocation = String(locations.find((l) => l.id === filterId)?.id ?? locations[0]?.id ?? '');
  const form = useForm<FormInput, unknown, BookingResourceInput>({
    resolver: zodResolver(resourceFormSchema),
    defaultValues: valuesOf(resource, initialLocation),
  });
  const mode = useWatch({ control: form.control, name: 'mode' });

  const onSubmit = async (body: BookingResourceInput) => {
    try {
      if (resource) {
        const saved = await update({ id: resource.id, body }).unwrap();
        form.reset(valuesOf(saved, String(saved.location_id)));
        toast.success(t.resources.saved);
      } else {
        const created = await create(body).unwrap();
        toast.success(t.resources.created(created.name));
        navigate(withLocation(`/admin/buchungen/ressourcen/${created.id}`, filterId), { replace: true });
      }
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  };

  const locationTitle = locations.find((l) => l.id === resource?.location_id)?.title;
  return (
    <AdminForm
      form={form}
      onSubmit={onSubmit}
      className="admin-form booking-resource-form"
      aria-label={resource ? t.resources.editTitle : t.resources.createTitle}
    >
      <fieldset className="booking-form-group">
        <legend>{f.sections.general}</legend>
        {resource || locations.length < 2 ? (
          <>
            <input type="hidden" {...form.register('location_id')} />
            {locations.length > 1 && locationTitle ? (
              <p>
                <strong>{f.location_id}:</strong> {locationTitle}
              </p>
            ) : null}
          </>
        ) : (
          <SelectInput
            name="location_id"
            label={f.location_id}
            options={locations.map((l) => ({ value: String(l.id), label: l.title }))}
          />
        )}
        <TextInput name="name" label={f.name} hint={f.nameHint} maxLength={120} autoComplete="off" />
        <TextAreaInput name="description" label={f.description} hint={f.descriptionHint} rows={3} required={false} />
        <TextAreaInput name="house_rules" label={f.house_rules} hint={f.houseRulesHint} rows={4} required={false} />
        <TextInput name="fee_text" label={f.fee_text} hint={f.feeHint} maxLength={500} required={false} />
      </fieldset>

      <fieldset className="booking-form-group">
        <legend>{f.sections.mode}</legend>
        <RadioGroupInput
          name="mode"
          label={f.mode}
          options={[
            { value: 'slots', label: f.modes.slots, hint: f.modes.slotsHint },
            { value: 'days', label: f.modes.days, hint: f.modes.daysHint },
          ]}
        />
        {mode === 'slots' ? (
          <div className="booking-form-row">
            <TextInput name="slot_minutes" label={f.slot_minutes} hint={f.slotHint} inputMode="numeric" />
            <TextInput name="day_start" label={f.day_start} type="time" hint={f.dayHint} />
            <TextInput name="day_end" label={f.day_end} type="time" />
          </div>
        ) : null}
        <TextInput
          name="max_length"
          label={mode === 'days' ? f.max_length_days : f.max_length_slots}
          hint={f.maxLengthHint}
          inputMode="numeric"
        />
        {mode === 'days' ? (
          <TextInput
            name="price_per_night_cents"
            label={f.price_per_night}
            hint={f.priceHint}
            inputMode="decimal"
            required={false}
            autoComplete="off"
          />
        ) : null}
      </fieldset>

      <fieldset className="booking-form-group">
        <legend>{f.sections.rules}</legend>
        <TextInput name="horizon_days" label={f.horizon_days} hint={f.horizonHint} inputMode="numeric" />
        <div className="booking-form-row">
          <TextInput name="quota_count" label={f.quota_count} hint={f.quotaHint} inputMode="numeric" required={false} />
          <SelectInput
            name="quota_period"
            label={f.quota_period}
            options={[
              { value: 'week', label: f.quotaPeriods.week },
              { value: 'month', label: f.quotaPeriods.month },
            ]}
          />
        </div>
        <TextInput name="cancel_hours" label={f.cancel_hours} hint={f.cancelHint} inputMode="numeric" />
        <CheckboxInput name="approval_required" label={f.approval_required} hint={f.approvalHint} />
      </fieldset>
      <TranslationFields
        fields={[
          { name: 'name', label: f.name },
          { name: 'description', label: f.description, multiline: true },
          { name: 'house_rules', label: f.house_rules, multiline: true },
          { name: 'fee_text', label: f.fee_text },
        ]}
      />
      <FormButtons>{resource ? undefined : f.create}</FormButtons>
    </AdminForm>
  );
}
