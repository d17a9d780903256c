import { definePersonalData } from '../../personal-data/define.js';
import { deleteSubscriptionsOf, subscriptionsOf } from './push.repository.js';

/** The browsers subscribed to pushes, and the pushes still waiting for them. */
export const pushPersonalData = definePersonalData({
  module: 'push',
  tables: ['push_subscriptions', 'push_outbox'],
  exportPersonalData: async (db, userId) => ({ push_subscriptions: await subscriptionsOf(db, userId) }),
  erasePersonalData: (trx, userId) => deleteSubscriptionsOf(trx, userId),
});
