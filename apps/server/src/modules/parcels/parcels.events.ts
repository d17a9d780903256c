import type { DB } from '../../db/database.js';
import { defineEvents } from '../../events/define.js';
import * as repo from './parcels.repository.js';

/** What happens to parcels at the reception desk (ADR 030). */
export type ParcelEvent =
  | {
      type: 'parcel.logged';
      locationId: number;
      parcelId: number;
      apartmentNumber: string;
      carrier: string;
      pieces: number;
    }
  | { type: 'parcel.picked_up'; locationId: number; parcelIds: number[] }
  /** Parcels have waited PARCEL_REMINDER_DAYS: one reminder to the apartment's residents. */
  | { type: 'parcel.reminder'; locationId: number; apartmentNumber: string; pieces: number };

const residentsOf = async (trx: DB, locationId: number, apartmentNumber: string) =>
  (await repo.apartmentResidents(trx, locationId, apartmentNumber)).map((r) => r.id);

/**
 * One webhook message per parcel: no label photo, no notes. The tracking number goes along: the
 * integration API's parcels carry it under the same scope, and a parcel locker or ERP matches
 * shipments by it.
 */
const parcelMessages = (trx: DB, locationId: number, ids: number[]) =>
  ids.map((id) => ({
    locationId,
    data: async () => {
      const [p] = await repo.parcelsForWebhook(trx, [id]);
      if (!p) return null;
      return {
        parcel_id: p.id,
        location_id: p.location_id,
        apartment_number: p.apartment_number,
        carrier: p.carrier,
        pieces: p.pieces,
        storage_place: p.storage_place,
        tracking_number: p.tracking_number,
        status: p.status,
        logged_at: p.logged_at,
        picked_up_at: p.handed_over_at,
      };
    },
  }));

export const parcelEvents = defineEvents<ParcelEvent>('parcels', {
  // The apartment's residents, pushes bundled per minute.
  'parcel.logged': {
    announce: async (trx, e) => ({
      to: await residentsOf(trx, e.locationId, e.apartmentNumber),
      notification: {
        kind: 'parcels',
        url: '/pakete',
        bundle: { windowMs: 60_000, title: ({ t }, count) => t('parcels.bundle', { count }), url: '/pakete' },
        text: ({ t }) => {
          const pieces = t('parcels.pieces', { count: e.pieces });
          return {
            title: t('parcels.title'),
            body: t('parcels.body', { carrier: e.carrier, pieces }),
            mail: {
              subject: t('parcels.title'),
              paragraphs: [t('parcels.waiting', { carrier: e.carrier, pieces }), t('parcels.showCode')],
              action: t('parcels.view'),
            },
          };
        },
      },
    }),
    webhooks: (trx, e) => parcelMessages(trx, e.locationId, [e.parcelId]),
  },
  'parcel.picked_up': {
    webhooks: (trx, e) => parcelMessages(trx, e.locationId, e.parcelIds),
  },
  'parcel.reminder': {
    announce: async (trx, e) => ({
      to: await residentsOf(trx, e.locationId, e.apartmentNumber),
      notification: {
        kind: 'parcels',
        url: '/pakete',
        text: ({ t }) => {
          const body = t('parcels.reminder', { pieces: t('parcels.pieces', { count: e.pieces }) });
          return {
            title: t('parcels.reminderTitle'),
            body,
            mail: { subject: t('parcels.reminderTitle'), paragraphs: [body], action: t('parcels.view') },
          };
        },
      },
    }),
  },
});
