import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CraftsmanPage } from './craftsman/craftsman-page';
import { tokenFromPath } from './craftsman/api';

// The craftsman's page (ADR 020) has its own HTML entry (auftrag.html, served for
// /auftrag/{token}) and its own build (vite.auftrag.config.ts): none of the residents' store,
// session, service worker or i18next runs here, and neither app's bundle holds any of it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CraftsmanPage token={tokenFromPath(window.location.pathname)} />
  </StrictMode>,
);
