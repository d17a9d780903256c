import { definePersonalData } from '../../personal-data/define.js';
import { deleteNoticeReadsOf, noticeReadsOf } from './notices.repository.js';

/** Which notices the user opened or dismissed. */
export const noticePersonalData = definePersonalData({
  module: 'notices',
  tables: ['notice_reads'],
  exportPersonalData: async (db, userId) => ({ notices_read: await noticeReadsOf(db, userId) }),
  erasePersonalData: (trx, userId) => deleteNoticeReadsOf(trx, userId),
});
