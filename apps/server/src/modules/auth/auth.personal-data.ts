import { definePersonalData } from '../../personal-data/define.js';
import { UNKNOWN_DEVICE } from './auth.presenter.js';
import { deleteCredentials, sessionsOf } from './auth.repository.js';

/** Sessions, reset links and the staff's second factor (whose secrets are never exported). */
export const authPersonalData = definePersonalData({
  module: 'auth',
  tables: ['auth_tokens', 'password_reset_tokens', 'staff_two_factor', 'staff_recovery_codes'],
  async exportPersonalData(db, userId) {
    const sessions = await sessionsOf(db, userId);
    return { sessions: sessions.map((s) => ({ ...s, device: s.device ?? UNKNOWN_DEVICE })) };
  },
  erasePersonalData: (trx, userId) => deleteCredentials(trx, userId),
});
