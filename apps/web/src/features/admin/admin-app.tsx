import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { AdminRoutes } from './shell/admin-routes';
import { makeAdminStore } from './store';
import './admin.css';

/**
 * The back office at /admin (issue 9). main.tsx imports it lazily for paths below /admin, so
 * its code, store and strings never reach a resident's bundle; it shares only the React, router
 * and i18n instances and the bottom-layer components with the resident app.
 */
export default function AdminApp() {
  const [store] = useState(makeAdminStore);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AdminRoutes />
        <ToastContainer position="top-right" autoClose={5000} newestOnTop />
      </BrowserRouter>
    </Provider>
  );
}
