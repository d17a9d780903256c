import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles/global.css';
import AdminApp from './back-office/admin-app';

// The back office has its own HTML entry (admin.html, served for /admin/*), so the
// residents' entry holds none of its code, not even the switch that would load it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
