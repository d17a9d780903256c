import type { AdminPhone, Phone } from '@hausportal/contract';
import type { PhoneRow } from './phones.repository.js';

/** A phone row as the API sends it; SQLite's 0/1 flags become booleans. */
export const toPhone = (p: PhoneRow): Phone => ({
  id: p.id,
  name: p.name,
  number: p.number,
  icon: p.icon,
  highlighted: Boolean(p.highlighted),
  hidden: Boolean(p.hidden),
});

/** A phone number as the back office edits it, with its location and position. */
export const toAdminPhone = (p: PhoneRow): AdminPhone => ({
  ...toPhone(p),
  location_id: p.location_id,
  sort_order: p.sort_order,
});
