import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The contract's schemas are built with zod at module level, which a bundler must assume
// has side effects. The web app only uses its constants and types, so tell the bundler
// those modules are pure; otherwise all of zod lands in the login bundle.
const pureModules = /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !pureModules.test(id) },
    },
  },
});
