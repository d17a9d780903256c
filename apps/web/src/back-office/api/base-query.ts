import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { config } from '@/config';
import { TWO_FACTOR_SETUP_CODE } from '@hausportal/contract';
import { sessionExpired, twoFactorSetupRequired, type AdminSessionState } from './session-slice';

/** What an endpoint's `query` returns: a path with its query string, or the full request. */
export type AdminRequest =
  | string
  | {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      body?: unknown;
      /** The sign-in sends no token (a stale one must not spoil it). */
      anonymous?: boolean;
    };

/**
 * A failed call: the HTTP status (0 when the server was not reached) and the parsed DRF body,
 * or the raw text when the body is not JSON.
 */
export interface AdminError {
  status: number;
  data: unknown;
}

/** Builds a query string from the defined values, e.g. `?page=2&location_id=3`. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The back office's transport: JSON with the staff token; a 401 on any call that carried the
 * token ends the session ("401 anywhere → back to /admin/login"). It calls the global
 * `fetch(url, init)` with a plain URL, so unit tests stub it at that boundary.
 */
export const adminBaseQuery: BaseQueryFn<AdminRequest, unknown, AdminError> = async (request, api) => {
  const { url, method = 'GET', body, anonymous = false } = typeof request === 'string' ? { url: request } : request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = anonymous ? null : (api.getState() as { adminSession: AdminSessionState }).adminSession.token;
  if (token) headers.Authorization = `Token ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${config.apiHost}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { error: { status: 0, data: null } };
  }
  const text = await response.text().catch(() => '');
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  if (response.status === 401 && token) api.dispatch(sessionExpired());
  // ADR 025: a required second factor is missing; RequireStaff shows its setup instead of the screens.
  if (response.status === 403 && token && (data as { code?: unknown } | undefined)?.code === TWO_FACTOR_SETUP_CODE)
    api.dispatch(twoFactorSetupRequired());
  if (!response.ok) return { error: { status: response.status, data } };
  return { data };
};
