import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { toRoutePattern } from './route-pattern';
import { optedOut, readAnalyticsSettings } from './settings';

/** Read once: the server writes the settings into the page, or leaves them out (off). */
const settings = readAnalyticsSettings();

/**
 * Sends a page view per route (its pattern only) to the operator's analytics, when the operator
 * turned it on and the browser has not opted out (Do Not Track, Global Privacy Control); otherwise
 * it renders nothing, loads nothing and sends nothing. Sits inside the
 * router of the residents' app and of the back office.
 */
export function PageViews(): null {
  const { pathname } = useLocation();
  const pattern = toRoutePattern(pathname);
  useEffect(() => {
    if (!settings || optedOut()) return;
    // The sender is a chunk of its own, fetched only with analytics on.
    void import('./send').then(({ sendPageView }) => sendPageView(settings, pattern));
    // Each new address is a page view (post 1, then post 2), though both send the same pattern.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
