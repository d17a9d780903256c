/**
 * Loads the code of a part that no screen waits for (the toasts, the sender of defect reports
 * kept on the device, the update banner) and never gives up: a load that fails is tried again as
 * soon as the browser is back online, else after a pause that grows to a minute.
 *
 * Why: these parts are lazy and load once the first screen is idle. A resident whose connection
 * drops in that second (a basement, a lift) made React.lazy throw the failed import into the
 * tree; outside a screen's error boundary that unmounted the whole app, the half-written defect
 * report with it, and the report's sender never came back without a reload. Browsers fetch a
 * module again after a failed fetch (whatwg/html#10327; Chromium, Firefox and WebKit).
 */
export function loadWhenOnline<T>(
  load: () => Promise<T>,
  { firstPauseMs = 2_000, maxPauseMs = 60_000 }: { firstPauseMs?: number; maxPauseMs?: number } = {},
): Promise<T> {
  return new Promise<T>((resolve) => {
    let pause = firstPauseMs;
    const attempt = () => {
      load().then(resolve, () => {
        waitForRetry(pause, attempt);
        pause = Math.min(pause * 2, maxPauseMs);
      });
    };
    attempt();
  });
}

/** Calls `retry` on the next 'online' event or after `pauseMs`, whichever comes first. */
function waitForRetry(pauseMs: number, retry: () => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    window.removeEventListener('online', once);
    clearTimeout(timer);
    retry();
  };
  window.addEventListener('online', once);
  // Offline, only the 'online' event can help; online, the server or a proxy may have hiccupped.
  if (navigator.onLine !== false) timer = setTimeout(once, pauseMs);
}
