import { readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The contract's schemas are built with zod at module level, which a bundler must assume
// has side effects. The web app only uses its constants and types, so tell the bundler
// those modules are pure; otherwise all of zod lands in the login bundle.
const pureModules = /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

// The back office (issue 9) uses RTK Query, which needs parts of immer and Redux Toolkit that the
// resident app does not (patches, listeners). Those packages are single modules that also sit in the
// resident entry, so Rolldown would put every part either app uses into the entry, and /login would
// load them. The back office therefore gets its own copy of these packages, in its own chunk.
const ADMIN_OWN_COPY = new Set([
  'immer',
  'redux',
  'redux-thunk',
  'reselect',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
]);
const COPY = '?admin-copy';
const ADMIN_MODULES =
  /[\\/]src[\\/]features[\\/]admin[\\/]|\?admin-copy$|[\\/]node_modules[\\/](@tanstack|react-hook-form|@hookform|papaparse)[\\/]/;
const adminOwnCopies: Plugin = {
  name: 'hausportal-admin-own-copies',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !ADMIN_OWN_COPY.has(source)) return null;
    if (!/[\\/]src[\\/]features[\\/]admin[\\/]/.test(importer) && !importer.endsWith(COPY)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && !resolved.external ? { ...resolved, id: resolved.id + COPY } : resolved;
  },
  load(id) {
    return id.endsWith(COPY) ? readFile(id.slice(0, -COPY.length), 'utf8') : null;
  },
};

export default defineConfig({
  plugins: [
    adminOwnCopies,
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
        globIgnores: ['**/assets/admin-*'],
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
      // The back office and its libraries form one chunk of their own (staff load it once, on a
      // desktop), which the residents' service worker leaves out of its precache.
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'admin', test: ADMIN_MODULES },
          ],
        },
      },
    },
  },
});
