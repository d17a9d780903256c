import type { ReactNode } from 'react';
import type { AdminBooking } from '@hausportal/contract';
import type { BookingDecision } from './api';
import { t } from './strings';

/**
 * 'Freigeben' and 'Ablehnen' for a waiting booking (refusing says why; cancelling it would too,
 * so it is not offered twice), 'Stornieren' for a booked one; `children` follow in the same row.
 */
export function BookingActions({
  booking,
  busy,
  onAct,
  children,
}: {
  booking: AdminBooking;
  busy: boolean;
  onAct: (booking: AdminBooking, decision: BookingDecision) => void;
  children?: ReactNode;
}) {
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
      {booking.status === 'approved' ? (
        <button type="button" className="button button-danger" disabled={busy} onClick={() => onAct(booking, 'cancel')}>
          {t.actions.cancel}
        </button>
      ) : null}
      {children}
    </div>
  );
}
