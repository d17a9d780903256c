/** Where the back office keeps its token: apart from the resident's `token`, so both sessions can coexist. */
export const ADMIN_TOKEN_KEY = 'hausportal.adminToken';

/** The stored staff token, if any. */
export function readAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the staff token, or forgets it with null. */
export function writeAdminToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(ADMIN_TOKEN_KEY, token);
    else localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // private mode: the session then lasts as long as the tab
  }
}
