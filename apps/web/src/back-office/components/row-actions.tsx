import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The row's name after the visible action, so that a screen reader hears 'Löschen: Reinigung'. */
function Named({ label, name }: { label: ReactNode; name: string }) {
  return (
    <>
      {label}
      <span className="visually-hidden">: {name}</span>
    </>
  );
}

/** A small button in a table row; `danger` for deleting. */
export function RowButton({
  label,
  name,
  danger = false,
  onClick,
}: {
  label: ReactNode;
  /** What the row is called (a title, a name), for the accessible name. */
  name: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={`button button-small${danger ? ' button-danger' : ''}`} onClick={onClick}>
      <Named label={label} name={name} />
    </button>
  );
}

/** A small link in a table row, e.g. 'Bearbeiten' to the row's own page. */
export function RowLink({ label, name, to }: { label: ReactNode; name: string; to: string }) {
  return (
    <Link className="button button-small" to={to}>
      <Named label={label} name={name} />
    </Link>
  );
}
