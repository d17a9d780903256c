/**
 * Page views carry the route pattern only (operations 7): `/messages/view/123` is sent
 * as `/messages/view/:id`, `/admin/residents/A-0101` as `/admin/residents/:param`. A segment is
 * kept only when it is one of the fixed words of the apps' routes below; anything else (ids,
 * apartment numbers, names, codes, tokens) is replaced. Query strings and hashes are dropped.
 * A route with a new fixed word shows as `:param` until the word is added here
 * (route-pattern.test.ts compares this list with the routes).
 */
export const STATIC_SEGMENTS: ReadonlySet<string> = new Set([
  // the residents' app (app/routes/router.tsx, features/tickets)
  'login',
  'forgot-password',
  'aktivieren',
  'willkommen',
  'phone-numbers',
  'apartment',
  'blackboard',
  'messages',
  'new',
  'view',
  'services',
  'reception',
  'profile',
  'success',
  'change-password',
  'tickets',
  'requests',
  'buchen',
  'gebucht',
  'meine',
  'gebucht',
  'rezeption',
  'pakete',
  'impressum',
  'datenschutz',
  'barrierefreiheit',
  // the back office (back-office/shell/admin-routes.tsx and its screens)
  'admin',
  'uebersicht',
  'moderation',
  'notices',
  'residents',
  'import',
  'documents',
  'phones',
  'providers',
  'locations',
  'emails',
  'audit',
  'zwei-faktor',
  'buchungen',
  'kalender',
  'ressourcen',
  'neu',
  'auslastung',
  'konto',
  'board',
  'categories',
  'stats',
  'rechtliches',
  'schnittstellen',
  'webhooks',
]);

/** The route pattern of a path: fixed words kept, every other segment `:id` (digits) or `:param`. */
export function toRoutePattern(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  const pattern = segments.map((segment) => {
    let word = segment;
    try {
      word = decodeURIComponent(segment);
    } catch {
      // a broken escape is no fixed word either
    }
    if (STATIC_SEGMENTS.has(word)) return word;
    return /^\d+$/.test(word) ? ':id' : ':param';
  });
  return `/${pattern.join('/')}`;
}
