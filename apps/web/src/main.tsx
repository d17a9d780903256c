import { createRoot } from 'react-dom/client';

// Placeholder until the resident app lands (issue 3).
createRoot(document.getElementById('root')!).render(<main><h1>Hausportal</h1><p>Die Bewohner-App folgt.</p></main>);
