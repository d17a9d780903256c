import { definePersonalData } from '../../personal-data/define.js';

/**
 * Reports a resident filed stay as the record of the decisions taken on them (DSA Art. 16/17), and
 * name nobody once the account is erased; the reports on deleted content go with the content
 * (messages.personal-data.ts). The export's format does not list them yet.
 */
export const reportPersonalData = definePersonalData({
  module: 'reports',
  tables: ['reports'],
  exportPersonalData: async () => ({}),
  erasePersonalData: async () => undefined,
});
