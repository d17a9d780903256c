import { parseTranslations, translated, type AdminLocation, type Location } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { BuildingRow, LocationRow } from './location.repository.js';

/** The settings of a location, with its logo as given (a signed URL for the API, the key for the audit log). */
const locationFields = (row: LocationRow, logo: string | null) => ({
  id: row.id,
  title: row.title,
  name: row.name,
  logo,
  direct_call: Boolean(row.direct_call),
  direct_number: row.direct_number,
  default_service_id: row.default_service_id,
  default_service_always: Boolean(row.default_service_always),
  text: row.text,
  hours: row.hours,
  phone: row.phone,
  email: row.email,
  free_text: row.free_text,
  residents_can_post: Boolean(row.residents_can_post),
});

/**
 * A location as the API sends it; an uploaded logo gets a signed URL, a bundled one stays as it
 * is. The emergency service is named in `language` where its title is translated.
 */
export const toLocation = (row: LocationRow, signer: UrlSigner, language = 'de'): Location => ({
  ...locationFields(row, row.logo?.startsWith('/') ? row.logo : signer.url(row.logo)),
  default_service_name: translated(
    parseTranslations(row.default_service_translations),
    language,
    'title',
    row.default_service_name ?? '',
  ),
});

/** What the back office adds to the residents' shape: prefix (ADR 028), address, acceptance, buildings. */
const adminFields = (row: LocationRow, buildings: BuildingRow[]) => ({
  apartment_prefix: row.apartment_prefix,
  reception_publishes_directly: Boolean(row.reception_publishes_directly),
  street: row.street,
  postal_code: row.postal_code,
  city: row.city,
  access_note: row.access_note,
  auto_accept_days: row.auto_accept_days,
  buildings,
});

/** A location as the back office sees it. */
export const toAdminLocation = (row: LocationRow, buildings: BuildingRow[], signer: UrlSigner): AdminLocation => ({
  ...toLocation(row, signer),
  ...adminFields(row, buildings),
});

/** A location as the audit log keeps it: the stored logo key, no signed URL that expires. */
export const auditLocation = (row: LocationRow, buildings: BuildingRow[]) => ({
  ...locationFields(row, row.logo),
  ...adminFields(row, buildings),
});
