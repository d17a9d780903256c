import { useEffect, useState } from 'react';
import { pendingReports, subscribeOutbox, type PendingReport } from './outbox';

/** The resident's reports waiting on the device, kept current; null until they are read. */
export function useOutbox(userId: number | undefined): PendingReport[] | null {
  const [reports, setReports] = useState<PendingReport[] | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      pendingReports(userId).then(
        (list) => live && setReports(list),
        // No IndexedDB (a private mode): there is nothing waiting, and nothing to show.
        () => live && setReports([]),
      );
    void read();
    const stop = subscribeOutbox(() => void read());
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return reports;
}
