import { useEffect, type RefObject } from 'react';

/** Whether nothing has the focus: the element that had it went with the screen it was on. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * A screen reached by following a link or sending a form takes the focus on its heading, when the
 * element that had it has gone with the previous screen: without it the focus falls back to
 * <body>, a screen reader says nothing, and Tab starts again at the top of the page. Not before the
 * visitor has done anything (the first screen after loading starts at the skip link), and never
 * away from a control that still has it (a header or sidebar link that stays).
 */
export function useArrivalFocus(heading: RefObject<HTMLElement | null>) {
  useEffect(() => {
    // jsdom and older browsers have no userActivation: they keep the browser's behaviour.
    if (!navigator.userActivation?.hasBeenActive || !focusIsLost()) return;
    heading.current?.focus({ preventScroll: true });
  }, [heading]);
}
