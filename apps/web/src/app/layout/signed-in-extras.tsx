import IdleWatcher from './idle-watcher';
import TicketOutbox from './ticket-outbox';
import Toasts from './toasts';

/**
 * What only signed-in screens need, loaded once the first screen is up, in one chunk: the idle
 * return home, the toasts, and the sender of defect reports kept on the device.
 */
export default function SignedInExtras() {
  return (
    <>
      <IdleWatcher />
      <Toasts />
      <TicketOutbox />
    </>
  );
}
