// Stands in for vite-plugin-pwa's `virtual:pwa-register` in unit tests (vitest.config.ts): no
// service worker is registered in jsdom.
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => undefined;
}
