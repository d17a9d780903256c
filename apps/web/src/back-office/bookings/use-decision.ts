import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminBooking } from '@hausportal/contract';
import { errorMessage } from '../lib/errors';
import { useDecideBookingMutation, type BookingDecision } from './api';
import { describePeriod } from './format';
import { t } from './strings';

/**
 * Approve at once; refuse or cancel after a dialog that asks for the reason or the message the
 * resident receives (`ConfirmDialog` with a required text). The written answer is a toast; a
 * failure stays in the dialog to try again. `onDone` runs after a decision went through.
 */
export function useBookingDecision(onDone?: (booking: AdminBooking) => void) {
  const [decide, state] = useDecideBookingMutation();
  const { reset } = state;
  const [target, setTarget] = useState<{ booking: AdminBooking; decision: 'refuse' | 'cancel' } | null>(null);

  const run = useCallback(
    async (booking: AdminBooking, decision: BookingDecision, text: string): Promise<boolean> => {
      try {
        const saved = await decide({ id: booking.id, decision, text }).unwrap();
        toast.success(t.actions.done(saved.resource_name, saved.status_label));
        onDone?.(saved);
        return true;
      } catch (error) {
        if (decision === 'approve') toast.error(errorMessage(error));
        return false;
      }
    },
    [decide, onDone],
  );

  const act = useCallback(
    (booking: AdminBooking, decision: BookingDecision) => {
      reset();
      if (decision === 'approve') void run(booking, 'approve', '');
      else setTarget({ booking, decision });
    },
    [run, reset],
  );

  const refusing = target?.decision === 'refuse';
  const what = target ? `${target.booking.resource_name}, ${describePeriod(target.booking)}` : '';
  return {
    act,
    busy: state.isLoading,
    dialog: {
      open: target !== null,
      title: refusing ? t.actions.refuseTitle : t.actions.cancelTitle,
      message: target ? (refusing ? t.actions.refuseText(what) : t.actions.cancelText(what)) : null,
      confirmLabel: refusing ? t.actions.refuse : t.actions.cancel,
      danger: true,
      reasonLabel: refusing ? t.actions.refuseReason : t.actions.cancelMessage,
      reasonHint: refusing ? t.actions.refuseHint : t.actions.cancelHint,
      busy: state.isLoading,
      error: target && state.error ? errorMessage(state.error) : null,
      onConfirm: (text: string) => {
        if (!target) return;
        void run(target.booking, target.decision, text).then((ok) => {
          if (ok) setTarget(null);
        });
      },
      onClose: () => {
        setTarget(null);
        reset();
      },
    },
  };
}
