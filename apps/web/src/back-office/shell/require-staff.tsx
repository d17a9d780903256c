import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdminSelector } from '../store';
import { adminScreens } from './screens';

const RequiredTwoFactorSetup = lazy(adminScreens.twoFactorRequired);

/** Where the sign-in leads back to. */
export interface AdminReturnState {
  from?: string;
}

/**
 * Without a staff token every back-office page leads to /admin/login, remembering the page; while
 * a required second factor is missing, every page shows its setup.
 */
export function RequireStaff() {
  const token = useAdminSelector((state) => state.adminSession.token);
  const setupMissing = useAdminSelector((state) => state.adminSession.twoFactorSetup);
  const { pathname, search } = useLocation();
  // A required second factor comes first (ADR 025): every page shows its setup until it is done.
  if (token && setupMissing) return <RequiredTwoFactorSetup />;
  if (token) return <Outlet />;
  const state: AdminReturnState = { from: `${pathname}${search}` };
  return <Navigate to="/admin/login" replace state={state} />;
}
