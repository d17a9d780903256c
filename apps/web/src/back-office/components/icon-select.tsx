import { useFormContext, useWatch } from 'react-hook-form';
import { SelectInput } from './form-fields';
import { iconOptions } from './icons';

/**
 * The icon of a phone number, service or document: one of the bundled icons (the API takes
 * only `/icons/….svg`), with a preview of the chosen one.
 */
export function IconSelect({
  name = 'icon',
  label = 'Symbol',
  noneLabel = 'Standardsymbol',
  initial,
}: {
  name?: string;
  label?: string;
  noneLabel?: string;
  /** The stored value, so that an icon outside the bundled list stays selectable. */
  initial?: string;
}) {
  const { control } = useFormContext();
  const value = useWatch({ control, name }) as string | undefined;
  return (
    <div className="admin-icon-select">
      <SelectInput name={name} label={label} required={false} options={iconOptions(initial, noneLabel)} />
      <span className="admin-icon-preview" aria-hidden="true">
        {value ? <img src={value} alt="" width={32} height={32} /> : null}
      </span>
    </div>
  );
}
