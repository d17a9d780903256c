// When the data a screen shows offline was loaded. Kept beside the persisted state, in
// localStorage, instead of in the store: writing a time into a slice on every refresh would
// re-render and re-persist screens whose data did not change (request-cases.ts `unchanged`).
// Logout clears localStorage with the rest.

const key = (name: string) => `loadedAt:${name}`;

/** Notes that `name` (phones, documents, location, messages:<page>) was loaded now. */
export function markLoaded(name: string): void {
  try {
    localStorage.setItem(key(name), new Date().toISOString());
  } catch {
    // A full storage only loses the time, not the data.
  }
}

/** When `name` was last loaded, as ISO text; null when never. */
export function loadedAt(name: string): string | null {
  try {
    return localStorage.getItem(key(name));
  } catch {
    return null;
  }
}
