import { FD_SERVICE_IDS, SERVICE_ADMINISTRATION_ID, SERVICE_RECEPTION_ID } from '@hausportal/contract';

/** The step after the first password: notifications and installing the app (ADR 044). */
export const WELCOME_NEXT = '/willkommen';

/** The pages German law asks for, open with or without sign-in. */
const LEGAL_PATHS = ['/impressum', '/datenschutz', '/barrierefreiheit'];

/**
 * product §2.1: where the back button leads from a path, or null when it is hidden. The legal
 * pages are reached from the login screen or the profile, so they lead back to the one that fits.
 */
export function backTarget(pathname: string, search = '', signedIn = true): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/login') return null;
  if (LEGAL_PATHS.includes(path)) return signedIn ? '/profile' : '/login';
  if (path === '/forgot-password' || path.startsWith('/forgot-password/')) return '/login';
  if (path.startsWith('/willkommen/')) return '/login';
  if (path === '/change-password' || path === '/requests') return '/profile';
  if (path === '/reception') return '/';
  const service = /^\/services\/(\d+)$/.exec(path);
  if (service) {
    const id = Number(service[1]);
    if (id === SERVICE_ADMINISTRATION_ID || id === SERVICE_RECEPTION_ID) {
      return new URLSearchParams(search).get('fd') === '1' ? '/services' : '/';
    }
    return '/services/';
  }
  if (path.startsWith('/messages/')) return '/blackboard/';
  if (/^\/tickets\/\d/.test(path)) return '/tickets';
  return '/';
}

/** product §5.8: services 1, 3 and 14 get `?fd=1` when opened from the services list. */
export function serviceHref(serviceId: number): string {
  return FD_SERVICE_IDS.includes(serviceId) ? `/services/${serviceId}?fd=1` : `/services/${serviceId}`;
}

/** What the sign-in guard remembers about the page a signed-out visitor asked for. */
export interface ReturnState {
  from?: unknown;
}

/**
 * Where to go after signing in: the page first asked for (a post linked from an e-mail, say), if
 * it is a path of this app; else home. Anything else (`//evil.example`, a URL, the login screen
 * itself) goes home, so the redirect cannot be turned against the resident.
 */
export function returnTarget(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/forgot-password')) return '/';
  return from;
}
