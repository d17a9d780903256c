import { useState } from 'react';
import { endPushSubscription, pushSupport, subscribeToPush, type PushSupport } from '@/lib/web-push';
import { adminApi, useDeletePushMutation, useRegisterPushMutation } from '../api/admin-api';
import { useAdminDispatch } from '../store';
import { s } from '../strings';

/** Where the back office keeps this device's subscription id, apart from the residents' pushTokenId. */
export const ADMIN_PUSH_KEY = 'hausportal.adminPushId';

/**
 * Managers hear of new items to moderate by push. The residents' service worker
 * (scope /) shows the notification; a click opens /admin/moderation.
 */
export function PushToggle() {
  const dispatch = useAdminDispatch();
  const [register] = useRegisterPushMutation();
  const [remove] = useDeletePushMutation();
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [active, setActive] = useState(
    () => pushSupport() === 'granted' && Boolean(localStorage.getItem(ADMIN_PUSH_KEY)),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function enable() {
    setBusy(true);
    setError('');
    try {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const key = async () => (await dispatch(adminApi.endpoints.pushConfig.initiate()).unwrap()).public_key;
      const result = await subscribeToPush(key);
      if ('refused' in result) {
        setSupport(result.refused);
        return;
      }
      const { id } = await register(result.json).unwrap();
      localStorage.setItem(ADMIN_PUSH_KEY, String(id));
      setActive(true);
    } catch {
      setError(s.push.failed);
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    await forgetAdminPush((id) => remove(id).unwrap());
    setActive(false);
    setBusy(false);
  }

  return (
    <section className="admin-push" aria-labelledby="admin-push-heading">
      <h2 id="admin-push-heading">{s.push.heading}</h2>
      {support === 'unsupported' ? <p>{s.push.unsupported}</p> : null}
      {support === 'denied' ? <p>{s.push.denied}</p> : null}
      {active ? (
        <>
          <p>{s.push.active}</p>
          <button type="button" className="button button-small" onClick={() => void disable()} disabled={busy}>
            {s.push.disable}
          </button>
        </>
      ) : null}
      {!active && (support === 'default' || support === 'granted') ? (
        <>
          <p>{s.push.hint}</p>
          <button
            type="button"
            className="button button-small"
            onClick={() => void enable()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? s.push.enabling : s.push.enable}
          </button>
        </>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** At sign-out: the server forgets this device's subscription and the browser ends it. */
export async function forgetAdminPush(remove: (id: number) => Promise<unknown>): Promise<void> {
  const id = Number(localStorage.getItem(ADMIN_PUSH_KEY));
  if (!id) return;
  localStorage.removeItem(ADMIN_PUSH_KEY);
  await remove(id).catch(() => undefined);
  await endPushSubscription();
}
