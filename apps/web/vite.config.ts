import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The contract's schemas are built with zod at module level, which a bundler must assume
// has side effects. The web app only uses its constants and types, so tell the bundler
// those modules are pure; otherwise all of zod lands in the login bundle.
const pureModules = /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    // The built index.html keeps %APP_NAME% for the server to fill in; the dev server has none.
    {
      name: 'hausportal-dev-app-name',
      apply: 'serve',
      transformIndexHtml: (html: string) => html.replaceAll('%APP_NAME%', 'Hausportal'),
    },
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js, because the server's CSP allows no inline scripts.
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'logo-mark.svg', 'default-avatar.svg', 'icons/*.svg'],
      manifest: {
        name: 'Hausportal',
        short_name: 'Hausportal',
        description: 'Das Bewohnerportal Ihres Hauses',
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f3f6f7',
        theme_color: '#1d5c6f',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every screen work offline; API calls and media always go to the network.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The back office is its own build in dist/admin (vite.admin.config.ts); residents never load it.
        globIgnores: ['admin/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/admin/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
