import { parseTranslations, translated, type AdminPhone, type Phone } from '@hausportal/contract';
import { translationsOf } from '../../lib/translations.js';
import type { PhoneRow } from './phones.repository.js';

/** A phone row as residents read it, its label in `language` where translated; 0/1 flags become booleans. */
export const toPhone = (p: PhoneRow, language = 'de'): Phone => ({
  id: p.id,
  name: translated(parseTranslations(p.translations), language, 'name', p.name),
  number: p.number,
  icon: p.icon,
  highlighted: Boolean(p.highlighted),
  hidden: Boolean(p.hidden),
});

/** A phone number as the back office edits it, with its location, position and translations. */
export const toAdminPhone = (p: PhoneRow): AdminPhone => ({
  ...toPhone(p),
  location_id: p.location_id,
  sort_order: p.sort_order,
  translations: translationsOf(p.translations),
});
