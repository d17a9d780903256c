import { createContext, useContext } from 'react';
import type { useQueue } from './use-queue';

/** What the cells of a queue need at render time; a context keeps the columns themselves constant. */
export interface QueueContextValue {
  queue: ReturnType<typeof useQueue>;
  now: number;
}

export const QueueContext = createContext<QueueContextValue | null>(null);

/** The queue of the surrounding tab. */
export function useQueueContext(): QueueContextValue {
  const value = useContext(QueueContext);
  if (!value) throw new Error('QueueContext missing');
  return value;
}
