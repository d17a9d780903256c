import { definePersonalData } from '../../personal-data/define.js';
import { deleteDigestItemsOf, storedSettings } from './notifications.repository.js';
import { readSettings } from './preferences.js';

/** The notification settings, and the items waiting for the next digest. */
export const notificationPersonalData = definePersonalData({
  module: 'notifications',
  tables: ['digest_items'],
  exportPersonalData: async (db, userId) => ({ notification_settings: readSettings(await storedSettings(db, userId)) }),
  erasePersonalData: (trx, userId) => deleteDigestItemsOf(trx, userId),
});
