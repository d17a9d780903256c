/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeoutMs`),
 * so that work the first screen does not need stays out of its first second on a slow phone.
 * Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
