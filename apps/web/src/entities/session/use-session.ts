import { createContext, useContext } from 'react';
import type { Language } from '@hausportal/contract';
import type { Credentials, SessionToken } from './api';

/**
 * The login and logout sequences of product §2.4 and §2.15. They load and reset the data of every feature,
 * so the app layer implements them (app/session.ts) and hands them down through this context;
 * a feature never imports the app.
 */
export interface SessionSequences {
  /**
   * Resolves when the user is signed in; rejects with the parsed error body otherwise. The login
   * screen's language is kept in the profile: always if `picked` there, else only over the default.
   */
  signIn(credentials: Credentials | SessionToken, options?: { language?: Language; picked?: boolean }): Promise<void>;
  /** Logs out, leads to /login and reloads the page. */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionSequences | null>(null);

export function useSession(): SessionSequences {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs the SessionProvider of the app layer');
  return session;
}
