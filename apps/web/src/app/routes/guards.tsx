import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '@/lib/redux/hooks';
import { returnTarget, type ReturnState } from '@/lib/navigation';

/**
 * product §2.2: without a token only /login, /forgot-password and /aktivieren are reachable. The page asked for
 * is remembered, so that signing in leads there (a post linked from an e-mail) and not home.
 */
export function RequireAuth() {
  const token = useAppSelector((s) => s.auth.token);
  const { pathname, search, hash } = useLocation();
  const state: ReturnState = { from: `${pathname}${search}${hash}` };
  return token ? <Outlet /> : <Navigate to="/login" replace state={state} />;
}

/** product §2.2: a signed-in visitor is sent from login, forgot-password and aktivieren to / (or the page first asked for). */
export function AnonymousOnly() {
  const token = useAppSelector((s) => s.auth.token);
  const { state } = useLocation();
  return token ? <Navigate to={returnTarget(state)} replace /> : <Outlet />;
}
