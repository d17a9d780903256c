import { LANGUAGES, type Profile, type Session } from '@hausportal/contract';
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

/** A session row as the device list shows it; `current` marks the device that asks. */
export const toSession = (
  row: { id: number; device: string | null; created_at: string; last_used_at: string; expires_at: string },
  currentTokenId: number,
): Session => ({
  id: row.id,
  // '' when the device is not known: each app names that in its reader's language.
  device: row.device ?? '',
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  expires_at: row.expires_at,
  current: row.id === currentTokenId,
});
