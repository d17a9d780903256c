import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: Call) => { status?: number; body?: unknown } | undefined;

/**
 * Replaces fetch with a router over `routes` ("GET /api/profile/" → response). Unknown
 * calls answer 404. Returns the list of calls made.
 */
export function mockFetch(routes: Record<string, Responder | { status?: number; body?: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      let body: unknown = init.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          // keep text
        }
      }
      const call = { url: input, method, headers, body };
      calls.push(call);
      const route = routes[`${method} ${input}`];
      const result = typeof route === 'function' ? route(call) : route;
      const status = result?.status ?? (result ? 200 : 404);
      const payload = result?.body ?? (result ? {} : { detail: 'Nicht gefunden.' });
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      return new Response(status === 204 ? null : text, { status });
    }),
  );
  return calls;
}

export function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}
