import { useEffect } from 'react';

/** Marks the history entry that stands between the page and the one before it. */
const GUARD = 'hpLeaveGuard';

const onGuardEntry = () => Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD]);

/**
 * While `active`, leaving the page asks first (`message`, answered with OK or Abbrechen):
 * - following a link inside the app: checked in the capture phase, before React Router
 *   handles the click (declarative routes have no navigation blocker);
 * - the browser's back button or a phone's back gesture: a copy of the current entry is pushed,
 *   so going back lands on the same page and can be asked about (and undone by pushing again);
 * - closing or reloading the tab: the browser's own question.
 * `onLeave` runs when the resident confirms leaving (a link or back), not on a reload or a crash.
 */
export function useConfirmLeave(active: boolean, message: string, onLeave?: () => void): void {
  useEffect(() => {
    if (!active) return;
    // The same URL and router state (React Router's `idx` and `key`), so the router sees no move.
    const guard = { ...((window.history.state as Record<string, unknown> | null) ?? {}), [GUARD]: true };
    window.history.pushState(guard, '', window.location.href);
    let guarded = true;

    const onPopState = () => {
      if (!guarded || onGuardEntry()) return;
      if (window.confirm(message)) {
        guarded = false;
        onLeave?.();
        window.history.back();
      } else {
        window.history.pushState(guard, '', window.location.href);
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value; none of them shows it.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (window.confirm(message)) {
        guarded = false;
        onLeave?.();
      } else {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      // Nothing to lose any more (sent or cleared) and still on the copy: step off it, so the back
      // button needs one press, not two.
      if (guarded && onGuardEntry()) window.history.back();
    };
  }, [active, message, onLeave]);
}
