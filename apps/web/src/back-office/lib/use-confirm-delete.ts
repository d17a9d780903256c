import { useCallback, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from './errors';

/** What the hook needs of an RTK Query mutation hook's answer: the trigger and the call's state. */
type DeleteMutation<A> = readonly [
  (arg: A) => { unwrap: () => Promise<unknown> },
  { isLoading: boolean; error?: unknown; reset: () => void },
];

interface DeleteTexts<T, A> {
  /** What the mutation takes for an item (its id, or the id with its location). */
  argOf: (item: T) => A;
  title: string;
  /** What will be deleted, in a sentence naming the item. */
  message: (item: T) => ReactNode;
  confirmLabel: string;
  /** The toast after the delete. */
  done: string;
}

/**
 * Confirm, delete, say so: `ask(item)` opens the confirmation and `dialog` is everything
 * `ConfirmDialog` needs. A confirmed delete runs the mutation, whose tags refresh the list, shows
 * `done` and closes; a failure stays in the dialog to try again, and closing forgets it.
 */
export function useConfirmDelete<T, A>(
  [remove, state]: DeleteMutation<A>,
  { argOf, title, message, confirmLabel, done }: DeleteTexts<T, A>,
) {
  const [target, setTarget] = useState<T | null>(null);
  // Stable, so that table columns calling it stay the same columns (and their cells keep focus).
  const ask = useCallback((item: T) => setTarget(() => item), []);

  const confirm = async () => {
    if (target === null) return;
    try {
      await remove(argOf(target)).unwrap();
      toast.success(done);
      setTarget(null);
    } catch {
      // shown in the dialog
    }
  };

  return {
    ask,
    dialog: {
      open: target !== null,
      title,
      message: target === null ? null : message(target),
      confirmLabel,
      danger: true,
      busy: state.isLoading,
      error: state.error ? errorMessage(state.error) : null,
      onConfirm: () => void confirm(),
      onClose: () => {
        setTarget(null);
        state.reset();
      },
    },
  };
}
