/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest, ADR 016): it precaches the app shell so the
// installed app opens offline, and shows web pushes as notifications that open their route.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationFromPush, openTarget } from './sw/push';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once, so the first visit already works offline.
// Later versions wait (below); claiming then only happens after 'neu laden'.
clientsClaim();
// Every screen of the app is index.html; the API, the back office and the craftsman's page
// (/auftrag/{token}, its own build, no-store) never come from the cache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/admin/, /^\/auftrag(\/|$)/],
  }),
);

// A new version waits until the resident taps 'neu laden' (app/update-banner.tsx), so a form
// being filled in is never reloaded away.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data?.text() ?? '');
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(event.notification.data, self.clients, self.location.origin));
});
