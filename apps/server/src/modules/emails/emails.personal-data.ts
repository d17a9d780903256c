import { deleteAccountMails } from '../../outbox/mail.repository.js';
import { definePersonalData } from '../../personal-data/define.js';

/**
 * The outbox names people by address, not by account: the invitation and reset mails of an erased
 * account go (they carried its links). Runs before the account is blanked, which clears the address.
 */
export const emailPersonalData = definePersonalData({
  module: 'emails',
  tables: ['email_outbox'],
  exportPersonalData: async () => ({}),
  erasePersonalData: (trx, userId) => deleteAccountMails(trx, userId),
});
