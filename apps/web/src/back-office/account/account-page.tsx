import { useMemo } from 'react';
import { SignedInDevices, type SessionsApi } from '@/components/signed-in-devices';
import { useMeQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { useAdminDispatch } from '../store';
import { s } from '../strings';
import { accountApi } from './api';

/**
 * 'Mein Konto' `/admin/konto`: who is signed in, and 'Angemeldete Geräte' as in the
 * resident profile. The calls go through the back office's transport, so a 401 leads to the login.
 */
export default function AccountPage() {
  const dispatch = useAdminDispatch();
  const { data: me } = useMeQuery();
  const api = useMemo<SessionsApi>(
    () => ({
      list: () =>
        dispatch(
          accountApi.endpoints.mySessions.initiate(undefined, { forceRefetch: true, subscribe: false }),
        ).unwrap(),
      signOut: (id) => dispatch(accountApi.endpoints.signOutSession.initiate(id)).unwrap(),
      signOutOthers: () => dispatch(accountApi.endpoints.signOutOtherSessions.initiate()).unwrap(),
    }),
    [dispatch],
  );
  return (
    <AdminPage title={s.shell.account}>
      {me ? (
        <dl className="details">
          <div>
            <dt>Name</dt>
            <dd>{me.name}</dd>
          </div>
          <div>
            <dt>E-Mail</dt>
            <dd>{me.email}</dd>
          </div>
        </dl>
      ) : null}
      <p className="muted">Eine Sitzung im Verwaltungsbereich endet 10 Stunden nach der Anmeldung.</p>
      <SignedInDevices api={api} />
    </AdminPage>
  );
}
