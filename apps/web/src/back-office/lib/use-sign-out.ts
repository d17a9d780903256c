import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../api/admin-api';
import { signedOut } from '../api/session-slice';
import { useAdminDispatch } from '../store';

/**
 * 'Abmelden': signed out on this device whatever the server says (the token is gone from this
 * browser), then the sign-in. `before` runs first (the shell forgets this device's pushes).
 */
export function useSignOut(before?: () => Promise<void>) {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAdminDispatch();
  const navigate = useNavigate();
  const signOut = async () => {
    await before?.();
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(signedOut());
    navigate('/admin/login', { replace: true });
  };
  return { signOut, isLoading };
}
