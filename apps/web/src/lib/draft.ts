/**
 * Unsent text kept in localStorage, so that a reload, a crash, a dropped tab or the idle return
 * to the home page does not throw away what a resident typed. localStorage is cleared at logout
 * and on an expired session (product §2.15 and §6.4), so a draft never outlives the session it belongs to.
 */
export function readDraft(key: string): string {
  try {
    return localStorage.getItem(`draft:${key}`) ?? '';
  } catch {
    return '';
  }
}

/** Stores `text` under `key`; blank text removes the draft. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(`draft:${key}`, text);
    else localStorage.removeItem(`draft:${key}`);
  } catch {
    // Storage full or unavailable (private mode): the form still works, only without the draft.
  }
}
