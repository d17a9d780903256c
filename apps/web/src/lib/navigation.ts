import { FD_SERVICE_IDS, SERVICE_ADMINISTRATION_ID, SERVICE_RECEPTION_ID } from '@hausportal/contract';

/**
 * SPEC §2 "Back button": where the back button leads from a path, or null when it is hidden.
 */
export function backTarget(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/login') return null;
  if (path === '/forgot-password' || path.startsWith('/forgot-password/')) return '/login';
  if (path === '/change-password') return '/profile';
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
  return '/';
}

/** SPEC §2: services 1, 3 and 14 get `?fd=1` when opened from the services list. */
export function serviceHref(serviceId: number): string {
  return FD_SERVICE_IDS.includes(serviceId) ? `/services/${serviceId}?fd=1` : `/services/${serviceId}`;
}
