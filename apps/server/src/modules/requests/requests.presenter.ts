import type { AdminProviderRequest, MyProviderRequest } from '@hausportal/contract';
import type { RequestRow } from './requests.repository.js';

/** What the back office and the resident both see of a case. */
const requestCase = (r: RequestRow) => ({
  id: r.id,
  text: r.text,
  status: r.status,
  note: r.note,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** A request as the back office tracks it, with who made it where. */
export const toAdminRequest = (r: RequestRow): AdminProviderRequest => ({
  ...requestCase(r),
  provider_id: r.provider_id,
  provider_name: r.provider_name,
  service_title: r.service_title,
  location_id: r.location_id,
  location_title: r.location_title,
  user_name: r.user_name,
  apartment_number: r.apartment_number,
});

/** One of the resident's own requests under 'Meine Anfragen'; nothing about other people. */
export const toMyRequest = (r: RequestRow): MyProviderRequest => ({
  ...requestCase(r),
  provider_name: r.provider_name,
  service_id: r.service_id,
  service_title: r.service_title,
});

/** What the audit log keeps of a change to a case. */
export const auditRequest = (r: RequestRow) => ({ id: r.id, status: r.status, note: r.note });
