import { definePersonalData } from '../../personal-data/define.js';
import { requestsOf } from './requests.repository.js';

/** Provider requests stay as the management's record, their sender anonymous once the account is erased. */
export const requestPersonalData = definePersonalData({
  module: 'requests',
  tables: ['provider_requests'],
  exportPersonalData: async (db, userId) => ({ provider_requests: await requestsOf(db, userId) }),
  erasePersonalData: async () => undefined,
});
