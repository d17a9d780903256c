import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SessionContext, type SessionSequences } from '@/entities/session/use-session';
import { useAppDispatch } from '@/lib/redux/hooks';
import { signIn, signOut } from './session';

/** Hands the login and logout sequences to the features that sign in and out (login, profile). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const sequences = useMemo<SessionSequences>(
    () => ({
      signIn: (credentials, options) => signIn(dispatch, credentials, options),
      signOut: () => signOut(dispatch, (to) => navigate(to, { replace: true })),
    }),
    [dispatch, navigate],
  );
  return <SessionContext value={sequences}>{children}</SessionContext>;
}
