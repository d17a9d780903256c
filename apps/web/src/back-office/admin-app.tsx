import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { PageViews } from '@/lib/analytics/page-views';
import { AdminRoutes } from './shell/admin-routes';
import { AdminToasts } from './shell/admin-toasts';
import { makeAdminStore } from './store';
import './admin.css';

/**
 * The back office at /admin. It is a build of its own (admin-main.tsx, admin.html,
 * vite.admin.config.ts; ADR 015), so its code, store and strings never reach a resident's bundle;
 * it shares the source of the bottom layers (components, lib, i18n) with the resident app.
 */
export default function AdminApp() {
  const [store] = useState(makeAdminStore);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <PageViews />
        <AdminRoutes />
        <AdminToasts />
      </BrowserRouter>
    </Provider>
  );
}
