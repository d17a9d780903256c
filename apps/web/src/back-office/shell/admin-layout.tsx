import { Suspense, useEffect, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { Icon } from '@/components/ui/icon';
import { useDeletePushMutation, useMeQuery, useModerationSummaryQuery, useTicketSummaryQuery } from '../api/admin-api';
import { errorMessage } from '../lib/errors';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useSignOut } from '../lib/use-sign-out';
import { s } from '../strings';
import { navItems } from './nav';
import { forgetAdminPush, PushToggle } from './push-toggle';

/** How often the moderation and ticket counts in the sidebar refresh (every 60 s). */
export const SUMMARY_POLL_MS = 60_000;

/** Whether the sidebar entry `path` is the current screen (or one below it, e.g. a form). */
function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function LocationFilter() {
  const { data: me } = useMeQuery();
  const [locationId, setLocationId] = useLocationFilter();
  const id = useId();
  const locations = me?.locations ?? [];
  return (
    <div className="admin-location-filter">
      <label htmlFor={id}>{s.shell.location}</label>
      <select
        id={id}
        className="admin-select"
        value={locationId ? String(locationId) : ''}
        onChange={(event) => setLocationId(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{s.shell.allLocations}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.title}
          </option>
        ))}
        {locationId && !locations.some((l) => l.id === locationId) && me ? (
          <option value={locationId}>{`#${locationId}`}</option>
        ) : null}
      </select>
    </div>
  );
}

function SignedInUser() {
  const { data: me } = useMeQuery();
  const [removePush] = useDeletePushMutation();
  // The next person at this device must not get this manager's pushes.
  const { signOut, isLoading } = useSignOut(() => forgetAdminPush((id) => removePush(id).unwrap()));
  return (
    <div className="admin-user">
      {me ? (
        <p className="admin-user-name">
          <span className="visually-hidden">{s.shell.signedInAs} </span>
          {me.name}
          <span className="admin-user-role">{s.shell.roles[me.role] ?? me.role}</span>
        </p>
      ) : null}
      <Link to="/admin/konto" className="button button-small">
        {s.shell.account}
      </Link>
      <button type="button" className="button button-small" onClick={() => void signOut()} disabled={isLoading}>
        <Icon name="logout" />
        {s.shell.logout}
      </button>
    </div>
  );
}

/** The frame of every signed-in back-office screen: top bar, sidebar, the screen. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const [locationId] = useLocationFilter();
  const me = useMeQuery();
  const polling = { pollingInterval: SUMMARY_POLL_MS, skipPollingIfUnfocused: true };
  const summary = useModerationSummaryQuery(locationId ? { location_id: locationId } : {}, polling);
  const tickets = useTicketSummaryQuery(locationId ? { location_id: locationId } : {}, polling);
  // The menu (narrow screens) is open for the page it was opened on; a new screen closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  // A new screen starts at its top. The window keeps its scroll across routes otherwise: a list
  // opened after a long form showed an almost empty page, its rows scrolled off above.
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname]);

  const counts = {
    moderation: { n: summary.data?.total ?? 0, text: s.shell.pendingCount },
    tickets: { n: tickets.data?.received ?? 0, text: s.shell.newTicketsCount },
  };
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        {s.skipToContent}
      </a>
      <header className="admin-topbar">
        <button
          type="button"
          className="button button-small admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <span aria-hidden="true">☰</span> {s.shell.menu}
        </button>
        <p className="admin-product">{s.product}</p>
        <LocationFilter />
        <SignedInUser />
      </header>
      <div className="admin-body">
        <nav id="admin-nav" className="admin-sidebar" data-open={menuOpen} aria-label={s.shell.navLabel}>
          <ul>
            {navItems
              .filter((item) => !item.adminOnly || me.data?.role === 'admin')
              .map((item) => {
                const count = item.count ? counts[item.count] : null;
                return (
                  <li key={item.path}>
                    <Link
                      to={withLocation(item.path, locationId)}
                      className="admin-nav-link"
                      aria-current={isCurrent(pathname, item.path) ? 'page' : undefined}
                    >
                      <span>{item.label}</span>
                      {/* A space for the accessible name ('Meldungen 3 neu'); the flex layout drops it. */}
                      {count && count.n > 0 ? ' ' : null}
                      {count && count.n > 0 ? (
                        <span className="admin-nav-count">
                          <span aria-hidden="true">{count.n}</span>
                          <span className="visually-hidden">{count.text(count.n)}</span>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
          </ul>
          <PushToggle />
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {me.isError ? (
            <div className="form-error" role="alert">
              {errorMessage(me.error)}
            </div>
          ) : null}
          <Suspense fallback={<Spinner label={s.loading} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
