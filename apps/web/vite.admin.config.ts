import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { alias, pageShell, pureModules } from './vite.shared';

// The back office (ADR 015) is a build of its own: admin.html and everything it imports
// land in dist/admin and are served under /admin/. The residents' build (vite.config.ts) then holds
// none of its code, not even a switch that would load it, and shares no chunk with it: staff
// download React a second time, once, on a desktop; a resident's phone never sees a byte of it.

export default defineConfig({
  base: '/admin/',
  // The icons and the manifest belong to the residents' build, which copies public/ into dist/.
  publicDir: false,
  plugins: [react(), ...pageShell()],
  resolve: { alias },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: fileURLToPath(new URL('./admin.html', import.meta.url)),
      treeshake: { moduleSideEffects: (id: string) => !pureModules.test(id) },
    },
  },
});
