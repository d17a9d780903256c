import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAppDispatch, useAppSelector, type AppState } from '@/lib/redux/hooks';
import { useOnline } from '@/lib/use-online';
import { loadWhenOnline } from '@/lib/load-when-online';
import { whenIdle } from '@/lib/when-idle';
import { setLanguage } from '@/i18n';
import { prefetchScreens } from '../routes/screens';
import { refreshRestoredSession } from '../session';
import { Header } from './header';
import { ScreenErrorBoundary } from './screen-error-boundary';

// Only signed-in screens need these (idle timer, toasts, the ticket outbox's sender), so the login
// route does not load them. Outside the screens' error boundary, a failed load (offline right after
// sign-in) must not throw: loadWhenOnline waits for the connection and tries again.
const SignedInExtras = lazy(() => loadWhenOnline(() => import('./signed-in-extras')));
// The service worker and the 'Neue Version verfügbar' banner, for everyone once the screen is idle.
const UpdateBanner = lazy(() => loadWhenOnline(() => import('./update-banner')));

/** The frame of every screen: header, offline notice, the route's content and toasts. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const online = useOnline();
  const signedIn = useAppSelector((s) => Boolean(s.auth.token));
  const language = useAppSelector((s) => s.user.data?.language);
  const headerRef = useRef<HTMLElement>(null);
  const dispatch = useAppDispatch();
  const appStore = useStore<AppState>();
  const restoredSession = useRef(signedIn);
  // The idle timer and the toasts are not needed for the first paint; their code (20 kB) loads
  // once the screen is up. A toast asked for before that waits in react-toastify's queue.
  const [extras, setExtras] = useState(false);
  const [pwa, setPwa] = useState(false);

  useEffect(() => (signedIn ? whenIdle(() => setExtras(true)) : undefined), [signedIn]);
  useEffect(() => whenIdle(() => setPwa(true)), []);

  // A session restored from storage refreshes its data once, when the first screen is up, so
  // that what stays readable offline later is as fresh as possible (a new login loads the same
  // data itself). The blackboard fetches the page it shows, so page 1 is left to it here.
  useEffect(() => {
    if (!restoredSession.current) return;
    return whenIdle(() => void refreshRestoredSession(dispatch, appStore.getState()));
  }, [dispatch, appStore]);

  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(prefetchScreens, 1500);
    return () => clearTimeout(timer);
  }, [signedIn]);

  // A new screen starts at its top; anchors are handled by the screens that have them.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header ref={headerRef} />
      {!online ? (
        <p className="offline-banner" role="status">
          {signedIn ? t('app.offlineBanner') : t('app.offlineBannerSignedOut')}
        </p>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {pwa ? (
        <Suspense fallback={null}>
          <UpdateBanner />
        </Suspense>
      ) : null}
      {signedIn && extras ? (
        <Suspense fallback={null}>
          <SignedInExtras />
        </Suspense>
      ) : null}
    </div>
  );
}
