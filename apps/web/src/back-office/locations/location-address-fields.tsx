import { useId } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FieldNotes, TextAreaInput, TextInput } from '../components/form-fields';
import { t } from './strings';
import './locations.css';

/** Street, postal code and city of `prefix` ('' for the location, 'buildings.0.' for a building). */
function AddressInputs({ prefix, required }: { prefix: string; required: boolean }) {
  return (
    <>
      <TextInput
        name={`${prefix}street`}
        label={t.fields.street}
        required={required}
        autoComplete="off"
        maxLength={200}
        hint={prefix ? undefined : t.hints.street}
      />
      <div className="location-town">
        <TextInput
          name={`${prefix}postal_code`}
          label={t.fields.postal_code}
          required={required}
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
        />
        <TextInput
          name={`${prefix}city`}
          label={t.fields.city}
          required={required}
          autoComplete="off"
          maxLength={100}
        />
      </div>
    </>
  );
}

/** 'Adresse und Zugang': where a craftsman goes and how to get in. */
export function AddressFields() {
  return (
    <fieldset className="admin-fieldset">
      <legend className="admin-legend">{t.sections.address}</legend>
      {/* Optional for the server: an install may not want the address on letters yet. */}
      <AddressInputs prefix="" required={false} />
      <TextAreaInput
        name="access_note"
        label={t.fields.access_note}
        hint={t.hints.access_note}
        required={false}
        rows={3}
        maxLength={1000}
      />
    </fieldset>
  );
}

const EMPTY_BUILDING = { name: '', street: '', postal_code: '', city: '', access_note: '' };

interface BuildingsForm {
  buildings: { id?: number; name: string; street: string; postal_code: string; city: string; access_note: string }[];
}

/**
 * 'Gebäude und Aufgänge': the whole list, saved with the form (the server replaces it; a building
 * left out is removed). `keyName` keeps the rows' own `id`, which the server needs to keep them.
 */
export function BuildingFields() {
  const id = useId();
  const { control, formState } = useFormContext<BuildingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'buildings', keyName: 'key' });
  const names = useWatch({ control, name: 'buildings' });
  // The list's own error (too many; a server message about one of them) shows under the list.
  const listError = get(formState.errors, 'buildings') as { message?: string; root?: { message?: string } } | undefined;
  const error = listError?.message ?? listError?.root?.message;
  return (
    <fieldset className="admin-fieldset" aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend className="admin-legend">{t.sections.buildings}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        {t.buildings.intro}
      </p>
      {fields.length === 0 ? <p className="muted">{t.buildings.empty}</p> : null}
      {fields.map((field, index) => {
        const name = names?.[index]?.name?.trim() ?? '';
        return (
          <fieldset key={field.key} className="admin-fieldset location-building">
            <legend className="admin-legend">{t.buildings.legend(index + 1, name)}</legend>
            <TextInput
              name={`buildings.${index}.name`}
              label={t.buildings.name}
              hint={t.buildings.nameHint}
              maxLength={100}
              autoComplete="off"
            />
            <AddressInputs prefix={`buildings.${index}.`} required={false} />
            <TextAreaInput
              name={`buildings.${index}.access_note`}
              label={t.fields.access_note}
              hint={t.buildings.accessHint}
              required={false}
              rows={2}
              maxLength={1000}
            />
            <div className="button-row">
              <button type="button" className="button button-danger" onClick={() => remove(index)}>
                {t.buildings.remove(name)}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className="button-row location-add-row">
        <button type="button" className="button" onClick={() => append({ ...EMPTY_BUILDING })}>
          {t.buildings.add}
        </button>
      </div>
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}
