import { definePersonalData } from '../../personal-data/define.js';
import { eraseWebhookData, webhookDeliveriesAbout } from './webhooks.repository.js';

/**
 * What was passed on about the resident to the management's connected systems (event, address,
 * status, when; not the payload's copy). Erasure deletes those deliveries, pending ones included,
 * so nothing naming the resident goes out afterwards.
 */
export const webhookPersonalData = definePersonalData({
  module: 'webhooks',
  tables: ['webhook_deliveries'],
  exportPersonalData: async (db, userId) => ({ webhook_deliveries: await webhookDeliveriesAbout(db, userId) }),
  erasePersonalData: (trx, userId) => eraseWebhookData(trx, userId),
});
