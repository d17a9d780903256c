import { useId, type ReactNode } from 'react';
import { useFilterParam } from '../lib/list-params';

/** A list's filter as a select kept in the URL (`?status=`); the empty choice is every value. */
export function FilterSelect<V extends string>({
  param,
  values,
  labels,
  label,
  allLabel,
}: {
  param: string;
  values: readonly V[];
  labels: Readonly<Partial<Record<V, string>>>;
  label: ReactNode;
  /** The empty choice: every value. */
  allLabel: ReactNode;
}) {
  const [value, setValue] = useFilterParam(param, values);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="admin-select"
        value={value ?? ''}
        onChange={(event) => setValue(values.find((v) => v === event.target.value))}
      >
        <option value="">{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </select>
    </div>
  );
}
