import type { AdminBooking } from '@hausportal/contract';
import type { BookingDecision } from './api';
import { t } from './strings';

/** 'Freigeben' and 'Ablehnen' for a waiting booking, 'Stornieren' for any active one. */
export function BookingActions({
  booking,
  busy,
  onAct,
}: {
  booking: AdminBooking;
  busy: boolean;
  onAct: (booking: AdminBooking, decision: BookingDecision) => void;
}) {
  if (booking.status !== 'pending' && booking.status !== 'approved') return null;
  return (
    <div className="button-row">
      {booking.status === 'pending' ? (
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => onAct(booking, 'approve')}
          >
            {t.actions.approve}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => onAct(booking, 'refuse')}>
            {t.actions.refuse}
          </button>
        </>
      ) : null}
      <button type="button" className="button button-danger" disabled={busy} onClick={() => onAct(booking, 'cancel')}>
        {t.actions.cancel}
      </button>
    </div>
  );
}
