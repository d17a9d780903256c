import { definePersonalData } from '../../personal-data/define.js';
import { activityOf, forgetCopiesOf } from './audit.repository.js';

/**
 * What the user did, as the audit log keeps it. The log itself stays (the management's record of
 * who changed what, Art. 17(3)(b)/(e)); its copies of the erased account's data go.
 */
export const auditPersonalData = definePersonalData({
  module: 'audit',
  tables: ['audit_log'],
  exportPersonalData: async (db, userId) => ({ activity: await activityOf(db, userId) }),
  erasePersonalData: (trx, userId) => forgetCopiesOf(trx, userId),
});
