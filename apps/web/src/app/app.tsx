import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useNavigate } from 'react-router';
import { PersistGate } from 'redux-persist/es/integration/react';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { PageViews } from '@/lib/analytics/page-views';
import { Spinner } from '@/components/ui/spinner';
import { useAppDispatch } from '@/lib/redux/hooks';
import { AppRoutes } from './routes/router';
import { endExpiredSession } from './session';
import { SessionProvider } from './session-provider';
import { persistor, store } from './store';

/** product §6.4: a 401 anywhere ends the session and leads to /login. */
function UnauthorizedRedirect() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => endExpiredSession(dispatch, (to) => navigate(to, { replace: true })));
    return () => setUnauthorizedHandler(null);
  }, [dispatch, navigate]);
  return null;
}

/** The resident app: state, persisted-state restore, routes. */
export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={<Spinner />} persistor={persistor}>
        <BrowserRouter>
          <UnauthorizedRedirect />
          <PageViews />
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </PersistGate>
    </Provider>
  );
}
