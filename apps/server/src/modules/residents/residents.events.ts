import { defineEvents } from '../../events/define.js';
import * as repo from './residents.repository.js';

/** What happens to a resident's account. */
export type ResidentEvent =
  /** The access became usable (opened by the dates, or the account switched on again). */
  { type: 'resident.activated'; userId: number; locationId: number };

export const residentEvents = defineEvents<ResidentEvent>('residents', {
  'resident.activated': {
    webhooks: (trx, e) => ({
      locationId: e.locationId,
      userId: e.userId,
      data: async () => {
        const u = await repo.residentForWebhook(trx, e.userId);
        if (!u || u.erased_at || u.role !== 'resident') return null;
        return {
          resident_id: u.id,
          external_id: u.external_id,
          location_id: u.location_id,
          apartment_number: u.apartment_number,
          name: u.name,
          email: u.email,
          move_in_on: u.move_in_on,
          move_out_on: u.move_out_on,
        };
      },
    }),
  },
});
