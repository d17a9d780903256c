import { api, pauseBeforeSending } from '@/lib/api-client';

export interface ResetConfirm {
  token: string;
  password: string;
  repeat_password: string;
}

/** POST /api/password_reset/confirm/ with the token from the e-mail link (product §4.2, §9.2), after the spec's pause. */
export async function confirmPasswordReset(data: ResetConfirm): Promise<void> {
  await pauseBeforeSending();
  await api.post('/api/password_reset/confirm/', data, true);
}

export interface Activation {
  code: string;
  password: string;
  repeat_password: string;
  email: string;
}

/**
 * POST /api/activation/ with the code of an activation letter; answers the login and a session
 * token (null when the account may not sign in yet: move dates).
 */
export async function activateAccount(
  data: Activation,
): Promise<{ apartment_number: string; detail: string; token: string | null }> {
  await pauseBeforeSending();
  return api.post('/api/activation/', data, true);
}

export interface WelcomeInfo {
  name: string;
  location_title: string;
  apartment_number: string;
}

/** POST /api/welcome/lookup/ (anonymous): whom the invitation link greets; 404 when it is used or expired. */
export function lookUpWelcome(token: string): Promise<WelcomeInfo> {
  return api.post<WelcomeInfo>('/api/welcome/lookup/', { token }, true);
}

/** POST /api/welcome/ with the invitation link's token and the first password; answers a session token (ADR 044). */
export async function confirmWelcome(data: ResetConfirm): Promise<{ token: string | null }> {
  await pauseBeforeSending();
  return api.post('/api/welcome/', data, true);
}
