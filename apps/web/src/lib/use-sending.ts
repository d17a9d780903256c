import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseErrorBody } from './api-client';
import { describeError } from './form-errors';

/**
 * A form that sends once and stays on screen: `busy` while `send(work)` runs, and a failure as
 * one line (the general message, or the field messages joined) for its FormError.
 */
export function useSending() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await work();
      } catch (failure) {
        // A failed call throws the raw error; a parsed body passes through unchanged.
        const errors = describeError(parseErrorBody(failure), t);
        setError(errors.general ?? Object.values(errors.fields).join(' '));
      } finally {
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, error, send };
}
