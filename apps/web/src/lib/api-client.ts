import { MAX_PAGE_SIZE, type Paginated } from '@hausportal/contract';
import { config, storageKeys } from '@/config';
import { delay } from './delay';

/** product §6.2: the exact value of the error every call raises offline; screens show their own text (product §9.14). */
export const OFFLINE_MESSAGE = 'Network unavailable, try later.';

/**
 * A failed call. As product §6.4 says, the message carries the response body as text, so slices
 * can parse it into their error field (or keep the raw text when it is not JSON).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get offline(): boolean {
    return this.status === 0;
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The app registers what a 401 means for it (reset state, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The spec's pause before an action is sent (product §5.6: 500 ms, likes 100 ms). Offline it fails at
 * once instead, so that a post, comment, like, request or password change made offline says
 * immediately that it was not sent. (Login and logout pause with `delay` alone: they have
 * their own offline rules.)
 */
export async function pauseBeforeSending(ms: number = config.delays.beforeCall): Promise<void> {
  if (!isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  await delay(ms);
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
}

/**
 * The screen's language for the server, which writes its refusals (and a reset mail asked for on
 * this screen) in it (ADR 038). setLanguage keeps it on <html lang>.
 */
export function languageHeader(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'Accept-Language': lang } : {};
}

function authHeader(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Token ${token}` } : {};
}

function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown };
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: the raw text is the message
  }
  return text;
}

function handleUnauthorized(text: string): never {
  // product §6.4: a 401 clears local storage and sends the visitor to /login.
  try {
    localStorage.clear();
  } catch {
    // storage may be unavailable (private mode); the redirect still matters
  }
  onUnauthorized?.();
  throw new ApiError(401, messageOf(text) || 'Unauthorized');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Anonymous calls (login, tenant lookup, reset) carry no token. */
  anonymous?: boolean;
}

/** One call to the API with the rules of product §1.4 and §6.4. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  const { method = 'GET', body, anonymous = false } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...languageHeader(),
    ...(anonymous ? {} : authHeader()),
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiHost}${path}`, { method, headers, body: payload });
  } catch {
    // The connection dropped although the browser claimed to be online.
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (response.status === 401 && !anonymous) handleUnauthorized(await response.text().catch(() => ''));
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => response.statusText));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, anonymous = false) => apiRequest<T>(path, { anonymous }),
  post: <T>(path: string, body?: unknown, anonymous = false) =>
    apiRequest<T>(path, { method: 'POST', body, anonymous }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/**
 * Every entry of a paginated list: asks for the largest page and follows `next`, so the 11th
 * phone number or the 26th comment is shown too (ADR 010). Lists are short; the guard only
 * stops a server that links in circles.
 */
export async function getAll<T>(path: string): Promise<T[]> {
  const results: T[] = [];
  let url: string | null = `${path}${path.includes('?') ? '&' : '?'}page_size=${MAX_PAGE_SIZE}`;
  for (let pages = 0; url && pages < 100; pages++) {
    const page: Paginated<T> = await api.get<Paginated<T>>(url);
    results.push(...page.results);
    url = page.next;
  }
  return results;
}

/**
 * A multipart upload through XMLHttpRequest, because fetch cannot report upload progress
 * and the new-post screen shows a progress bar. Same error rules as apiRequest.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
  method: 'POST' | 'PUT' = 'POST',
  headers: Record<string, string> = {},
): Promise<T> {
  if (!isOnline()) return Promise.reject(new ApiError(0, OFFLINE_MESSAGE));
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${config.apiHost}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries({ ...languageHeader(), ...headers, ...authHeader() }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, OFFLINE_MESSAGE));
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status === 401) {
        try {
          handleUnauthorized(text);
        } catch (error) {
          reject(error);
        }
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, text || xhr.statusText));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        resolve(undefined as T);
      }
    };
    xhr.send(form);
  });
}

/**
 * product §6.4: the error field receives the parsed error body, or the raw error if it does
 * not parse.
 */
export function parseErrorBody(error: unknown): unknown {
  if (error instanceof Error) {
    try {
      return JSON.parse(error.message) as unknown;
    } catch {
      return error.message;
    }
  }
  return error;
}
