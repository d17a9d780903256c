import { definePersonalData } from '../../personal-data/define.js';
import * as repo from './residents.repository.js';

/** The account itself, and the activation letters printed for it. Erased last: others read it first. */
export const residentPersonalData = definePersonalData({
  module: 'residents',
  tables: ['users', 'activation_codes'],
  async exportPersonalData(db, userId, link) {
    const [u, letters] = await Promise.all([repo.exportedAccount(db, userId), repo.activationLettersOf(db, userId)]);
    return {
      profile: {
        id: u.id,
        login: u.login,
        apartment_number: u.apartment_number,
        name: u.name,
        email: u.email,
        role: u.role,
        location: u.location,
        language: u.language,
        emergency_services_deactivated: Boolean(u.emergency_services_deactivated),
        profile_picture: link(u.profile_picture),
        created_at: u.created_at,
        last_login_at: u.last_login_at,
        external_id: u.external_id,
        move_in_on: u.move_in_on,
        move_out_on: u.move_out_on,
      },
      activation_letters: letters,
    };
  },
  erasePersonalData: (trx, userId) => repo.eraseAccount(trx, userId),
});
