import { useEffect } from 'react';
import { adminApi } from '../api/admin-api';
import { twoFactorSetUp } from '../api/session-slice';
import { useSignOut } from '../lib/use-sign-out';
import { useAdminDispatch } from '../store';
import { s } from '../strings';
import { SetupFlow } from './setup-flow';
import { t } from './strings';

/**
 * What a signed-in staff member sees on every page while the install requires a second factor
 * they have not set up (ADR 025): the setup alone, without the sidebar (every other call would
 * answer 403), and the way out.
 */
export default function RequiredTwoFactorSetup() {
  const dispatch = useAdminDispatch();
  const { signOut, isLoading } = useSignOut();
  useEffect(() => {
    document.title = `${t.requiredTitle} – ${s.product}`;
  }, []);
  return (
    <div className="admin-login">
      <main id="admin-main" className="card admin-login-card two-factor-required">
        <h1>{t.requiredTitle}</h1>
        <p className="lead">{t.requiredLead}</p>
        <p>{t.intro}</p>
        <SetupFlow
          doneLabel={t.continue}
          onDone={() => {
            // Every call that answered 403 is asked again.
            dispatch(adminApi.util.resetApiState());
            dispatch(twoFactorSetUp());
          }}
        />
        <p>
          <button type="button" className="button button-small" onClick={() => void signOut()} disabled={isLoading}>
            {s.shell.logout}
          </button>
        </p>
      </main>
    </div>
  );
}
