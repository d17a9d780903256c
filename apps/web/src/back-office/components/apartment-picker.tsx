import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import type { AdminApartment, AdminApartmentList } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';
import { ALL_PAGE_SIZE, allPages } from '../api/all-pages';
import { queryString } from '../api/base-query';
import { errorMessage } from '../lib/errors';
import { s } from '../strings';
import { describedBy, fieldLabel } from './form-fields';

/** The apartments of a location (`GET /api/admin/apartments/`), for every picker on a screen. */
export const apartmentsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    apartments: b.query<AdminApartmentList, { location_id: number }>({
      // Every apartment of the location, 100 a page (a picker filters them as one types).
      queryFn: ({ location_id }, _api, _extra, fetchPage) =>
        allPages<AdminApartment>(
          fetchPage,
          `/api/admin/apartments/${queryString({ location_id, page_size: ALL_PAGE_SIZE })}`,
        ),
      // Residents come and go in another screen; a picker opened later asks again.
      keepUnusedDataFor: 60,
    }),
  }),
});
export const { useApartmentsQuery } = apartmentsApi;

/** Rendered at most; more matches ask for more letters (the count is still announced). */
const SHOWN = 100;

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/** The apartments whose number contains the typed text, case ignored; all for no text. */
export function filterApartments(apartments: AdminApartment[], text: string): AdminApartment[] {
  const term = text.trim().toLocaleLowerCase('de');
  if (!term) return apartments;
  return apartments.filter((a) => a.apartment_number.toLocaleLowerCase('de').includes(term));
}

export interface ApartmentComboboxProps {
  label: ReactNode;
  hint?: string;
  error?: string;
  /** The location's apartments; undefined while they load. */
  apartments: AdminApartment[] | undefined;
  /** Why the list is missing (no location chosen, a failed request); disables the field. */
  unavailable?: string;
  /** The chosen apartment, '' for none. */
  value: string;
  /** Called with an apartment of the list only, or '' when the text names none. */
  onChange: (apartment: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
}

/**
 * An apartment of the list, picked with type-ahead (the ARIA 1.2 combobox pattern with a listbox):
 * typing filters, ↓/↑ move through the matches, Enter takes one, Escape closes the list (a second
 * Escape restores the chosen apartment), and a polite status says how many match. Only a number
 * of the list is ever handed on; text that names none leaves the value empty, so the form's own
 * check says what is missing. A manager never types an apartment from memory.
 */
export function ApartmentCombobox({
  label,
  hint,
  error,
  apartments,
  unavailable,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  required = true,
}: ApartmentComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);

  // A value set from outside (a reset, a new location) shows in the field; the field's own
  // changes (the typed text naming no apartment yet) leave what is typed alone.
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
    }
  }, [value]);
  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };

  // A number typed (or filled in) before the list arrived counts once the list has it.
  useEffect(() => {
    if (value !== '' || !apartments || text.trim() === '') return;
    const exact = apartments.find((a) => same(a.apartment_number, text));
    if (exact) emit(exact.apartment_number);
    // Only the list's arrival matters here; typing is handled by `type`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apartments]);

  // With an apartment chosen, reopening shows the whole list, not just the one match.
  const matches = useMemo(
    () => filterApartments(apartments ?? [], value !== '' && text === value ? '' : text),
    [apartments, text, value],
  );
  const shown = matches.slice(0, SHOWN);
  const loading = apartments === undefined && !unavailable;
  const disabled = Boolean(unavailable);

  useEffect(() => {
    if (active < 0) return;
    list.current?.querySelector(`#${CSS.escape(`${id}-opt-${active}`)}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  const choose = (apartment: AdminApartment) => {
    setText(apartment.apartment_number);
    setOpen(false);
    setActive(-1);
    emit(apartment.apartment_number);
  };

  const type = (next: string) => {
    setText(next);
    setOpen(true);
    setActive(-1);
    // Typed in full (any case), the number counts as picked; otherwise nothing is.
    const exact = (apartments ?? []).find((a) => same(a.apartment_number, next));
    emit(exact ? exact.apartment_number : '');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => (shown.length === 0 ? -1 : event.altKey ? i : (i + 1) % shown.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => (shown.length === 0 ? -1 : i <= 0 ? shown.length - 1 : i - 1));
        break;
      case 'Enter': {
        if (!open) return;
        // Enter in an open list picks; it never sends the form.
        event.preventDefault();
        const pick = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
        if (pick) choose(pick);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== value) {
          event.preventDefault();
          setText(value);
        }
        break;
      default:
    }
  };

  const status = !open
    ? ''
    : loading
      ? s.loading
      : matches.length === 0
        ? s.apartments.none
        : s.apartments.count(matches.length);

  const notes = describedBy(id, hint || unavailable, error);
  return (
    <div className={`field admin-combobox${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="admin-combobox-box">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && !disabled}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required}
          aria-describedby={notes}
          autoComplete="off"
          spellCheck={false}
          placeholder={s.apartments.placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            // The number as the list spells it; text that names none stays for the user to fix.
            const exact = (apartments ?? []).find((a) => same(a.apartment_number, text));
            if (exact && exact.apartment_number !== text) setText(exact.apartment_number);
            onBlur?.();
          }}
        />
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label={s.apartments.listLabel}
          className="admin-combobox-list"
          hidden={!open || disabled || loading}
        >
          {shown.map((apartment, index) => (
            <li
              key={apartment.apartment_number}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={`admin-combobox-option${apartment.apartment_number === value ? ' is-chosen' : ''}`}
              // Keeps the focus in the field, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(apartment)}
            >
              <span className="admin-apartment">{apartment.apartment_number}</span>
              <span className="admin-cell-sub">{s.apartments.residents(apartment.active_residents)}</span>
            </li>
          ))}
          {matches.length === 0 ? (
            <li className="admin-combobox-empty" role="presentation">
              {s.apartments.none}
            </li>
          ) : matches.length > SHOWN ? (
            <li className="admin-combobox-empty" role="presentation">
              {s.apartments.more(matches.length - SHOWN)}
            </li>
          ) : null}
        </ul>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {hint || unavailable ? (
        <p className="field-hint" id={`${id}-hint`}>
          {unavailable ?? hint}
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

export interface ApartmentPickerProps extends Omit<ApartmentComboboxProps, 'apartments' | 'unavailable'> {
  /** Whose apartments; none yet disables the picker with a hint to choose the location first. */
  locationId: number | undefined;
}

/** `ApartmentCombobox` over the apartments of one of the caller's locations, loaded from the API. */
export function ApartmentPicker({ locationId, ...props }: ApartmentPickerProps) {
  const { data, isError, error } = useApartmentsQuery({ location_id: locationId ?? 0 }, { skip: !locationId });
  const unavailable = !locationId ? s.apartments.pickLocation : isError ? errorMessage(error) : undefined;
  return <ApartmentCombobox {...props} apartments={data?.results} unavailable={unavailable} />;
}

/** An `ApartmentPicker` bound to the field `name` of the surrounding `AdminForm` (react-hook-form). */
export function ApartmentField({
  name,
  label,
  hint,
  locationId,
  required = true,
}: {
  name: string;
  label: string;
  hint?: string;
  locationId: number | undefined;
  required?: boolean;
}) {
  const { control, formState } = useFormContext();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ApartmentPicker
          label={fieldLabel(label, required)}
          hint={hint}
          error={error}
          locationId={locationId}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          required={required}
        />
      )}
    />
  );
}
