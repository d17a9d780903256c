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

/** POST /api/activation/ with the code of an activation letter; answers the login to sign in with. */
export async function activateAccount(data: Activation): Promise<{ apartment_number: string; detail: string }> {
  await pauseBeforeSending();
  return api.post('/api/activation/', data, true);
}
