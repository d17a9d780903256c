import { useSyncExternalStore } from 'react';

// The installable app's state: a waiting new version, and the browser's offer to
// install. One small store, read by the update banner (app/layout) and the profile's install card.

/** Chromium's install offer (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** A new version is installed and waits for 'neu laden'. */
  needRefresh: boolean;
  /** The browser offers installing (Chromium's beforeinstallprompt). */
  canInstall: boolean;
  /** Installed during this visit, or opened as the installed app. */
  installed: boolean;
}

let state: PwaState = { needRefresh: false, canInstall: false, installed: false };
let installPrompt: InstallPromptEvent | null = null;
let updateServiceWorker: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function set(change: Partial<PwaState>) {
  state = { ...state, ...change };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const usePwa = (): PwaState => useSyncExternalStore(subscribe, () => state);

export const isStandalone = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

let started = false;

/**
 * Registers the service worker (vite-plugin-pwa's registerSW, through workbox-window) and listens
 * for the install offer. Called once the first screen is idle, so it never delays it.
 */
export async function startPwa(): Promise<void> {
  if (started) return;
  started = true;
  set({ installed: isStandalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for the 'Installieren' button instead of the browser's own mini bar.
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    set({ canInstall: false, installed: true });
  });
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true }),
  });
}

/** Activates the waiting version and reloads the page with it. */
export async function reloadWithNewVersion(): Promise<void> {
  if (updateServiceWorker) await updateServiceWorker(true);
  else window.location.reload();
}

/** Shows the browser's install dialog; true when the resident installed. */
export async function install(): Promise<boolean> {
  const offer = installPrompt;
  if (!offer) return false;
  installPrompt = null;
  set({ canInstall: false });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome === 'accepted';
}
