import type { ReactNode } from 'react';

/** A title with its icon (or logo) before it, in a list row or a summary; `children` follow it, e.g. a badge. */
export function IconTitle({ icon, title, children }: { icon: string | null; title: string; children?: ReactNode }) {
  return (
    <span className="admin-title-cell">
      {icon ? <img className="admin-list-icon" src={icon} alt="" /> : null}
      {title}
      {children}
    </span>
  );
}
