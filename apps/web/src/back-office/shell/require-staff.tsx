import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdminSelector } from '../store';

/** Where the sign-in leads back to. */
export interface AdminReturnState {
  from?: string;
}

/** Without a staff token every back-office page leads to /admin/login, remembering the page. */
export function RequireStaff() {
  const token = useAdminSelector((state) => state.adminSession.token);
  const { pathname, search } = useLocation();
  if (token) return <Outlet />;
  const state: AdminReturnState = { from: `${pathname}${search}` };
  return <Navigate to="/admin/login" replace state={state} />;
}
