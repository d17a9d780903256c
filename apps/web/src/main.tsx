import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage, setLanguage } from './i18n';
import './styles/global.css';
import { App } from './app/app';

// The back office has its own entry, admin-main.tsx (admin.html), so nothing of it is loaded here.
function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A device that last spoke another language, or a browser that asks for one, gets its catalogue
// before the first paint rather than a flash of German; German visitors load nothing more. If the
// catalogue cannot be fetched (offline, first visit), the app starts in German.
const language = initialLanguage();
if (language === 'de') render();
else setLanguage(language).then(render, render);
