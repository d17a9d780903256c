import { useCallback, useState } from 'react';
import { submitReport, type PendingReport, type SubmitResult } from './outbox';

/**
 * A screen's way to send a defect report (submitReport): the form sends a new one with
 * `{ isNew: true }`, 'Meine Meldungen' sends a kept one again. `progress` is the upload in
 * percent while the screen's last send runs, null before its first byte.
 */
export function useSendReport() {
  const [progress, setProgress] = useState<number | null>(null);
  const send = useCallback(
    (report: PendingReport, { isNew = false }: { isNew?: boolean } = {}): Promise<SubmitResult> => {
      setProgress(null);
      return submitReport(report, {
        isNew,
        onProgress: (loaded, total) => setProgress(Math.round((loaded / (total || 1)) * 100)),
      });
    },
    [],
  );
  return { send, progress };
}
