import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { alias, pageShell, pureModules } from './vite.shared';

// The craftsman's page (/auftrag/{token}, ADR 020) is a build of its own, like the back
// office's (ADR 015): auftrag.html and everything it imports land in dist/auftrag and are served
// under /auftrag/. As a second input of the back office's build, Rolldown would split React and
// what both share into common chunks: the back office's files would change, and a craftsman on a
// weak line would load several files instead of one. Alone, the page is one small script and one
// stylesheet, with none of the residents' store, router, i18next or service worker.

export default defineConfig({
  base: '/auftrag/',
  // The icons belong to the residents' build, which copies public/ into dist/.
  publicDir: false,
  plugins: [react(), ...pageShell()],
  resolve: { alias },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist/auftrag',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: fileURLToPath(new URL('./auftrag.html', import.meta.url)),
      treeshake: { moduleSideEffects: (id: string) => !pureModules.test(id) },
    },
  },
});
