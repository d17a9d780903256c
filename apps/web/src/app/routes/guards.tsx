import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '@/lib/redux/hooks';

/** SPEC §2: without a token only /login and /forgot-password are reachable. */
export function RequireAuth() {
  const token = useAppSelector((s) => s.auth.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** SPEC §2: a signed-in visitor is sent from login and forgot-password to /. */
export function AnonymousOnly() {
  const token = useAppSelector((s) => s.auth.token);
  return token ? <Navigate to="/" replace /> : <Outlet />;
}
