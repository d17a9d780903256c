import { config } from '@/config';
import { api } from '@/lib/api-client';
import { delay } from '@/lib/delay';

export interface ResetConfirm {
  token: string;
  password: string;
  repeat_password: string;
}

/** POST /api/password_reset/confirm/ with the token from the e-mail link (DESIGN §3), after the spec's pause. */
export async function confirmPasswordReset(data: ResetConfirm): Promise<void> {
  await delay(config.delays.beforeCall);
  await api.post('/api/password_reset/confirm/', data, true);
}
