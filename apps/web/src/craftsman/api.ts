import type { CraftsmanJob } from '@hausportal/contract';
import { config } from '@/config';
import { craftsmanDe as s } from '@/i18n/craftsman';

// The craftsman's calls (ADR 020): the token in the path is the only permission. They carry no
// cookie and no resident token (a craftsman may also live in a building with the app on the same
// phone), and never touch localStorage: nothing of the residents' session runs on this page.

/** Why a call failed: the link no longer works, the phone has no connection, or another answer. */
export type CallError =
  | { kind: 'invalid'; message: string }
  | { kind: 'offline' }
  | { kind: 'failed'; status: number; message: string | null; fields: Record<string, string> };

export class CraftsmanCallError extends Error {
  constructor(readonly error: CallError) {
    super(error.kind);
    this.name = 'CraftsmanCallError';
  }
}

/** The token from `/auftrag/{token}` (with or without a trailing slash), or null. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/auftrag\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const token = decodeURIComponent(match[1]!);
    return token.trim() ? token : null;
  } catch {
    return null;
  }
}

function messages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** A DRF-shaped error body: `detail` and `non_field_errors` are general, other keys belong to fields. */
function failure(status: number, text: string): CallError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a proxy's error page): no message meant for people
  }
  // Unknown, revoked, reassigned or closed: 404 with CRAFTSMAN_LINK_INVALID, and nothing else.
  if (status === 404) return { kind: 'invalid', message: s.invalid };
  const general: string[] = [];
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const list = messages(value);
      if (list.length === 0) continue;
      if (key === 'detail' || key === 'non_field_errors') general.push(...list);
      else fields[key] = list.join(' ');
    }
  }
  return { kind: 'failed', status, message: general.length ? general.join(' ') : null, fields };
}

async function call(
  token: string,
  step: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<CraftsmanJob> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new CraftsmanCallError({ kind: 'offline' });
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const url = `${config.apiHost}/api/auftrag/${encodeURIComponent(token)}/${step}`;
  let response: Response;
  try {
    response = await fetch(url, { method: init.method, headers, body, credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new CraftsmanCallError({ kind: 'offline' });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new CraftsmanCallError(failure(response.status, text));
  return JSON.parse(text) as CraftsmanJob;
}

export const craftsmanApi = {
  job: (token: string) => call(token, '', { method: 'GET' }),
  accept: (token: string) => call(token, 'accept/', { method: 'POST', body: {} }),
  decline: (token: string, reason: string) => call(token, 'decline/', { method: 'POST', body: { reason } }),
  /** `at` is a local date and time in Europe/Berlin, `YYYY-MM-DDTHH:mm`. */
  appointment: (token: string, at: string) => call(token, 'appointment/', { method: 'POST', body: { at } }),
  note: (token: string, text: string) => call(token, 'notes/', { method: 'POST', body: { text } }),
  photo: (token: string, photo: File) => {
    const form = new FormData();
    form.append('photo', photo, photo.name);
    return call(token, 'photos/', { method: 'POST', body: form });
  },
  /** `early` confirms 'erledigt' before the agreed appointment (without it the server answers 409). */
  done: (token: string, text: string, early = false) => call(token, 'done/', { method: 'POST', body: { text, early } }),
};
