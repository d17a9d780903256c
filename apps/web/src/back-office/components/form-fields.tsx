import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import {
  Controller,
  FormProvider,
  get,
  useFormContext,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { Field, type ControlWiring } from '@/components/ui/field';
import { s } from '../strings';

/** The error message react-hook-form holds for a field (client check or server `setError`). */
function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

/** The ids of a control's hint and error for aria-describedby; undefined when it shows neither. */
export function describedBy(id: string, hint?: unknown, error?: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * The hint and the error under a control that `Field` (components/ui) cannot frame: a checkbox
 * inside its label, a fieldset, a file picker. `alert` announces an error that appears without
 * the field being submitted (a dialog's reason, a refused file).
 */
export function FieldNotes({
  id,
  hint,
  error,
  alert,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | null;
  alert?: boolean;
}) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A field's label; the schema decides what is required, the label marks the rest '(optional)'. */
export function fieldLabel(label: string, required = true): ReactNode {
  if (required) return label;
  return (
    <>
      {label}
      <span className="muted admin-optional"> {s.form.optional}</span>
    </>
  );
}

interface NamedField {
  name: string;
  label: string;
  hint?: string;
  /** Marks the label; the check itself is the zod schema's. Defaults to true. */
  required?: boolean;
}

/** What a control gets from `FormField`: its id and screen-reader wiring, and its registration. */
type RegisteredControl = ControlWiring & ReturnType<UseFormRegister<FieldValues>>;

/** `Field` around a control registered under `name` with the surrounding `AdminForm`, with its error. */
function FormField({
  name,
  label,
  hint,
  required = true,
  control,
}: NamedField & { control: (props: RegisteredControl) => ReactNode }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field
      label={fieldLabel(label, required)}
      hint={hint}
      error={error}
      control={(wiring) => control({ ...wiring, ...register(name) })}
    />
  );
}

/** Splits a field component's props into the field's own and those for its native control. */
function splitField<P extends NamedField>({ name, label, hint, required = true, ...control }: P) {
  return [{ name, label, hint, required }, control] as const;
}

/** A text input registered with the surrounding `AdminForm`. */
export function TextInput(props: NamedField & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'required'>) {
  const [field, input] = splitField(props);
  return (
    <FormField
      {...field}
      control={(wired) => <input type="text" {...input} {...wired} aria-required={field.required} />}
    />
  );
}

/** A textarea registered with the surrounding `AdminForm`. */
export function TextAreaInput(
  props: NamedField & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'required'>,
) {
  const [field, textarea] = splitField(props);
  return (
    <FormField
      {...field}
      control={(wired) => <textarea rows={5} {...textarea} {...wired} aria-required={field.required} />}
    />
  );
}

/** An option of `SelectInput`; a disabled one is shown but cannot be chosen. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * A select over fixed options, registered with the surrounding `AdminForm`; `groups` follow the
 * options, each under its heading (an optgroup), and `className` adds to the select's own.
 */
export function SelectInput({
  options,
  groups = [],
  className,
  ...field
}: NamedField & {
  options: readonly SelectOption[];
  groups?: readonly { label: string; options: readonly SelectOption[] }[];
  className?: string;
}) {
  const render = (option: SelectOption) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  );
  return (
    <FormField
      {...field}
      control={(props) => (
        <select {...props} className={className ? `admin-select ${className}` : 'admin-select'}>
          {options.map(render)}
          {groups.map((group) =>
            group.options.length ? (
              <optgroup key={group.label} label={group.label}>
                {group.options.map(render)}
              </optgroup>
            ) : null,
          )}
        </select>
      )}
    />
  );
}

/** One checkbox (a boolean field). */
export function CheckboxInput({ name, label, hint }: Omit<NamedField, 'required'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="choice admin-checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...register(name)}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
        />
        <span>{label}</span>
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A fieldset of choices: its legend, the choices, and the group's hint and error under them. */
function ChoiceGroup({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Classes after the group's own, each with its leading space. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`choice-group field${className}${error ? ' field-invalid' : ''}`}
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="admin-legend">{label}</legend>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** A choice's label, with its hint under it. */
function ChoiceText({ label, hint }: { label: string; hint?: ReactNode }) {
  return (
    <span>
      {label}
      {hint ? <span className="admin-cell-sub">{hint}</span> : null}
    </span>
  );
}

/** One choice of a few (radio buttons) in a labelled fieldset, registered with the surrounding `AdminForm`. */
export function RadioGroupInput({
  name,
  label,
  hint,
  options,
  inline = false,
}: Omit<NamedField, 'required'> & {
  options: readonly { value: string; label: string; hint?: string }[];
  /** The choices side by side (short labels), not one under the other. */
  inline?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <ChoiceGroup id={id} label={label} hint={hint} error={error} className={inline ? ' admin-choice-row' : ''}>
      {options.map((option) => (
        <label key={option.value} className="choice admin-checkbox">
          <input type="radio" value={option.value} {...register(name)} />
          <ChoiceText label={option.label} hint={option.hint} />
        </label>
      ))}
    </ChoiceGroup>
  );
}

/**
 * Several checkboxes for a list of ids (e.g. `location_ids`) or codes (e.g. `scopes`), in a
 * labelled fieldset; an option's `hint` shows under its label.
 */
export function CheckboxGroupInput({
  name,
  label,
  hint,
  options,
}: Omit<NamedField, 'required'> & {
  options: readonly { value: number | string; label: string; hint?: ReactNode }[];
}) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected: (number | string)[] = Array.isArray(field.value) ? (field.value as (number | string)[]) : [];
        return (
          <ChoiceGroup id={id} label={label} hint={hint} error={error}>
            {options.map((option, index) => (
              <label key={option.value} className="choice admin-checkbox">
                <input
                  type="checkbox"
                  name={name}
                  ref={index === 0 ? field.ref : undefined}
                  checked={selected.includes(option.value)}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...selected, option.value]
                        : selected.filter((value) => value !== option.value),
                    )
                  }
                />
                <ChoiceText label={option.label} hint={option.hint} />
              </label>
            ))}
          </ChoiceGroup>
        );
      }}
    />
  );
}

/** The form-wide error (`non_field_errors`, `detail`, or a failed call), announced when it appears. */
export function FormErrorSummary() {
  const message = useFieldError('root.server');
  return (
    <div className="form-error" role="alert" hidden={!message}>
      {message}
    </div>
  );
}

/** The submit button, disabled and labelled as busy while the form is sent. */
export function FormSubmit({ children, busyLabel = s.form.saving }: { children: ReactNode; busyLabel?: string }) {
  const {
    formState: { isSubmitting },
  } = useFormContext();
  return (
    <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
      {isSubmitting ? busyLabel : children}
    </button>
  );
}

/** A form's buttons: 'Abbrechen' when it can be left (a dialog), then the submit ('Speichern'). */
export function FormButtons({
  onCancel,
  busyLabel,
  children = s.form.save,
}: {
  onCancel?: () => void;
  busyLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="button-row">
      {onCancel ? (
        <button type="button" className="button" onClick={onCancel}>
          {s.form.cancel}
        </button>
      ) : null}
      <FormSubmit busyLabel={busyLabel}>{children}</FormSubmit>
    </div>
  );
}

/**
 * A react-hook-form form with its context for the field components above, and the form-wide
 * error at the top. The browser's own validation is off: the zod schema checks, in German.
 */
export function AdminForm<T extends FieldValues, R extends FieldValues = T>({
  form,
  onSubmit,
  children,
  className,
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<T, unknown, R>;
  onSubmit: SubmitHandler<R>;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <FormProvider {...form}>
      <form
        className={`form ${className ?? ''}`}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-label={ariaLabel}
      >
        <FormErrorSummary />
        {children}
      </form>
    </FormProvider>
  );
}

export type { Path };
