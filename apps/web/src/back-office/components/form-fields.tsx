import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import {
  Controller,
  FormProvider,
  get,
  useFormContext,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { s } from '../strings';

/** The error message react-hook-form holds for a field (client check or server `setError`). */
function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: (wiring: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** Label, control, hint and error, wired for screen readers (aria-invalid, aria-describedby). */
function FieldFrame({ id, label, hint, error, required, children }: FieldFrameProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="muted admin-optional"> {s.form.optional}</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface NamedField {
  name: string;
  label: string;
  hint?: string;
  /** Marks the label; the check itself is the zod schema's. Defaults to true. */
  required?: boolean;
}

/** A text input registered with the surrounding `AdminForm`. */
export function TextInput({
  name,
  label,
  hint,
  required = true,
  ...input
}: NamedField & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'required'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {(wiring) => <input type="text" {...input} {...wiring} {...register(name)} aria-required={required} />}
    </FieldFrame>
  );
}

/** A textarea registered with the surrounding `AdminForm`. */
export function TextAreaInput({
  name,
  label,
  hint,
  required = true,
  ...textarea
}: NamedField & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'required'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {(wiring) => <textarea rows={5} {...textarea} {...wiring} {...register(name)} aria-required={required} />}
    </FieldFrame>
  );
}

/** A select over fixed options, registered with the surrounding `AdminForm`. */
export function SelectInput({
  name,
  label,
  hint,
  required = true,
  options,
}: NamedField & { options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {(wiring) => (
        <select {...wiring} {...register(name)} className="admin-select">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** One checkbox (a boolean field). */
export function CheckboxInput({ name, label, hint }: Omit<NamedField, 'required'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="choice admin-checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...register(name)}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Several checkboxes for a list of numeric ids (e.g. `location_ids`), in a labelled fieldset. */
export function CheckboxGroupInput({
  name,
  label,
  hint,
  options,
}: Omit<NamedField, 'required'> & { options: readonly { value: number; label: string }[] }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected: number[] = Array.isArray(field.value) ? (field.value as number[]) : [];
        return (
          <fieldset
            className={`choice-group field${error ? ' field-invalid' : ''}`}
            aria-describedby={describedBy || undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend className="admin-legend">{label}</legend>
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
                <span>{option.label}</span>
              </label>
            ))}
            {hint ? (
              <p className="field-hint" id={`${id}-hint`}>
                {hint}
              </p>
            ) : null}
            {error ? (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </fieldset>
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
