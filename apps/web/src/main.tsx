import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles/global.css';
import { App } from './app/app';

// The back office (issue 9) is a separate app in its own chunk: a resident never loads it.
const AdminApp = lazy(() => import('./features/admin/admin-app'));
const isAdmin = /^\/admin(\/|$)/.test(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {isAdmin ? (
      <Suspense fallback={null}>
        <AdminApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
