import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { s } from '../strings';

/** The ids after moving the entry at `index` one place up (-1) or down (+1); unchanged at the ends. */
export function moved(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * After a move the same button of the moved row gets the focus back (the row changed place), or
 * its other one when the row reached an end. Give `table` to the table and call `moving` with the
 * row's id and the step before the move; `rows` is the list the table shows.
 */
export function useMoveFocus(rows: unknown) {
  const table = useRef<HTMLTableElement>(null);
  const [focus, setFocus] = useState<{ id: number; step: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!focus || !table.current) return;
    const wanted = table.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${focus.step}"]`);
    const other = table.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${-focus.step}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus, rows]);
  return { table, moving: (id: number, step: -1 | 1) => setFocus({ id, step }) };
}

/**
 * '↑' and '↓' of a row in a list whose order residents see, each naming its row for screen
 * readers. With `words`, 'Nach oben' and 'Nach unten' stand beside the arrows (hidden on narrow
 * screens); without, they are the buttons' tooltips.
 */
export function OrderButtons({
  id,
  name,
  index,
  count,
  busy,
  words = false,
  onMove,
}: {
  id: number;
  name: string;
  index: number;
  count: number;
  busy: boolean;
  words?: boolean;
  onMove: (index: number, step: -1 | 1) => void;
}) {
  const button = (step: -1 | 1) => (
    <button
      type="button"
      className="button button-small"
      data-move={`${id}:${step}`}
      aria-label={step < 0 ? s.order.moveUp(name) : s.order.moveDown(name)}
      title={words ? undefined : step < 0 ? s.order.up : s.order.down}
      disabled={(step < 0 ? index === 0 : index === count - 1) || busy}
      onClick={() => onMove(index, step)}
    >
      <span aria-hidden="true">{step < 0 ? '↑' : '↓'}</span>
      {words ? (
        <>
          {' '}
          <span className="admin-order-word">{step < 0 ? s.order.up : s.order.down}</span>
        </>
      ) : null}
    </button>
  );
  return (
    <span className="admin-order-cell">
      {button(-1)}
      {button(1)}
    </span>
  );
}

/**
 * A list whose order residents see, as a table: its count and the button that adds an entry
 * above it, each move announced, and `empty` instead of a table without rows. `head` are the
 * header cells, `children` the rows.
 */
export function OrderedTable({
  tableRef,
  className = 'admin-table',
  busy,
  caption,
  count,
  create,
  onCreate,
  announcement,
  empty,
  head,
  children,
}: {
  tableRef: Ref<HTMLTableElement>;
  className?: string;
  busy: boolean;
  caption: string;
  count: number;
  create: string;
  onCreate: () => void;
  announcement: string;
  empty: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="admin-table-toolbar">
        <p className="admin-table-count">{s.table.count(count)}</p>
        <button type="button" className="button button-primary" onClick={onCreate}>
          {create}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {count === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <div className="admin-table-scroll">
          <table className={className} ref={tableRef} aria-busy={busy || undefined}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>{head}</tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </>
  );
}
