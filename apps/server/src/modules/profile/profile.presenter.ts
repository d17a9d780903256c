import { LANGUAGES, type Profile } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { ProfileRow } from './profile.repository.js';

/** A user row as the profile API sends it. */
export const toProfile = (row: ProfileRow, signer: UrlSigner): Profile => ({
  id: row.id,
  name: row.name,
  email: row.email,
  profile_picture: signer.url(row.profile_picture),
  apartment_number: row.apartment_number,
  emergency_services_deactivated: Boolean(row.emergency_services_deactivated),
  is_receptionist: row.role === 'receptionist',
  language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Profile['language']) : 'de',
  location_id: row.location_id,
});
