/**
 * A random id (a UUID where the browser has crypto.randomUUID, else 32 hex digits). randomUUID
 * exists only in secure contexts, and a building's install may be reached over plain http on
 * its own network; getRandomValues works everywhere.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
