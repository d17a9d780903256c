import type { IntegrationResident } from '@hausportal/contract';
import { accessFields, type AccessWindow } from '../auth/access-window.js';
import type { SyncedResident } from './integration.residents.repository.js';

/** A resident as the integration API shows them. */
export function toIntegrationResident(row: SyncedResident, window: AccessWindow): IntegrationResident {
  return {
    id: row.id,
    external_id: row.external_id,
    location_id: row.location_id!,
    apartment_number: row.apartment_number,
    name: row.name,
    email: row.email,
    is_receptionist: row.role === 'receptionist',
    emergency_services_deactivated: Boolean(row.emergency_services_deactivated),
    is_active: Boolean(row.is_active),
    move_in_on: row.move_in_on,
    move_out_on: row.move_out_on,
    ...accessFields(row, window),
    account_status: row.account_status,
    invited_at: row.invited_at,
    last_login_at: row.last_login_at,
    created_at: row.created_at,
  };
}
