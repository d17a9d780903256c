import { config } from '@/config';
import { api } from '@/lib/api-client';
import { delay } from '@/lib/delay';

export interface ChangePassword {
  old_password: string;
  new_password: string;
  repeat_password: string;
}

/** PUT /api/profile/changepassword/ for a signed-in user (SPEC §4), after the spec's pause. */
export async function changePassword(data: ChangePassword): Promise<void> {
  await delay(config.delays.beforeCall);
  await api.put('/api/profile/changepassword/', data);
}
