import type { Paginated, Session, SessionsSignedOut } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';

/** 'Mein Konto' (ADR 024): the staff member's own sessions, the same API as the residents'. */
export const accountApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    mySessions: b.query<Session[], void>({
      query: () => '/api/profile/sessions/?page_size=100',
      transformResponse: (page: Paginated<Session>) => page.results,
    }),
    signOutSession: b.mutation<{ detail: string }, number>({
      query: (id) => ({ url: `/api/profile/sessions/${id}/`, method: 'DELETE' }),
    }),
    signOutOtherSessions: b.mutation<SessionsSignedOut, void>({
      query: () => ({ url: '/api/profile/sessions/sign-out-others/', method: 'POST' }),
    }),
  }),
});
