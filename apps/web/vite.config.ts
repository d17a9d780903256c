import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { alias, pageShell, pureModules } from './vite.shared';

export default defineConfig({
  plugins: [
    react(),
    ...pageShell(),
    VitePWA({
      // Our own service worker (src/sw.ts, ADR 016): precache plus push and notification clicks.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // A new version waits for the resident's 'neu laden' (app/update-banner.tsx); the app registers it.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'logo-mark.svg', 'default-avatar.svg', 'icons/*.svg', 'app-icons/*.png'],
      manifest: {
        id: '/',
        name: 'Hausportal',
        short_name: 'Hausportal',
        description: 'Das Bewohnerportal Ihres Hauses',
        lang: 'de',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f3f6f7',
        theme_color: '#1d5c6f',
        categories: ['lifestyle', 'utilities'],
        // Every size the platforms ask for (scripts/icons.mjs renders them).
        icons: [
          ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({
            src: `/app-icons/icon-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          { src: '/app-icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/app-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell and every screen work offline; API calls and media always go to the network.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The back office and the craftsman's page are builds of their own in dist/admin and
        // dist/auftrag (vite.admin.config.ts, vite.auftrag.config.ts); residents never load them.
        // Of the icons, the installed app needs only the ones it shows.
        globIgnores: [
          'admin/**',
          'auftrag/**',
          'app-icons/icon-{48,72,96,128,144,152,256,384}.png',
          'app-icons/maskable-*.png',
        ],
      },
    }),
  ],
  resolve: { alias },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !pureModules.test(id) },
      // What the first screen imports statically goes into the entry as one file. Left alone,
      // Rolldown cuts it into a dozen small shared chunks, so /login makes more requests and
      // loads more gzip bytes for the same code. Lazy screens keep their own chunks.
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
});
