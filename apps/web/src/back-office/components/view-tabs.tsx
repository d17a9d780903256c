import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocationFilter, withLocation } from '../lib/list-params';

export interface ViewTab {
  path: string;
  label: string;
  /** Current only on this very path, not on the paths below it. */
  exact?: boolean;
  /** After the label, inside the link (a count). */
  badge?: ReactNode;
}

/**
 * The views of a screen as links (each its own URL, with the location filter), the current one
 * marked for the eye and for screen readers.
 */
export function ViewTabs({ views, label, className }: { views: readonly ViewTab[]; label: string; className: string }) {
  const { pathname } = useLocation();
  const [locationId] = useLocationFilter();
  return (
    <nav className={className} aria-label={label}>
      {views.map((view) => {
        const current = view.exact ? pathname === view.path : pathname.startsWith(view.path);
        return (
          <Link
            key={view.path}
            to={withLocation(view.path, locationId)}
            className="admin-tab"
            aria-current={current ? 'page' : undefined}
          >
            {view.label}
            {view.badge}
          </Link>
        );
      })}
    </nav>
  );
}
