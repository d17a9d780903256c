import { definePersonalData } from '../../personal-data/define.js';
import { eraseParcelData, parcelsOfResident } from './parcels.repository.js';

/**
 * Parcels of the resident's apartment (ADR 030), not a receptionist's desk work. Erasure reads the
 * apartment, so it runs before the account is blanked; the label photos go.
 */
export const parcelPersonalData = definePersonalData({
  module: 'parcels',
  tables: ['parcels'],
  async exportPersonalData(db, userId, link) {
    const parcels = await parcelsOfResident(db, userId);
    return { parcels: parcels.map(({ label_key, ...p }) => ({ ...p, label_photo: link(label_key) })) };
  },
  erasePersonalData: (trx, userId) => eraseParcelData(trx, userId),
});
