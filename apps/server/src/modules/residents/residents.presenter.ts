import type { AdminResident } from '@hausportal/contract';
import { translator } from '../../i18n/index.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';
import type { ResidentInput, ResidentRow } from './residents.repository.js';
import { accessFields, type AccessWindow } from '../auth/access-window.js';

/** A resident row as the back office shows it; `window` gives the access by the move dates. */
export function toAdminResident(row: ResidentRow, window: AccessWindow): AdminResident {
  return {
    id: row.id,
    name: row.name,
    apartment_number: row.apartment_number,
    email: row.email,
    location_id: row.location_id!,
    location_title: row.location_title,
    is_receptionist: row.role === 'receptionist',
    emergency_services_deactivated: Boolean(row.emergency_services_deactivated),
    is_active: Boolean(row.is_active),
    invited_at: row.invited_at,
    erased_at: row.erased_at,
    created_at: row.created_at,
    account_status: row.account_status,
    last_login_at: row.last_login_at,
    activation_expires_at: row.activation_expires_at,
    external_id: row.external_id,
    move_in_on: row.move_in_on,
    move_out_on: row.move_out_on,
    ...accessFields(row, window),
  };
}

/**
 * What the audit log keeps of a resident before and after a write: the form's fields, so a
 * change can be read off, and nothing after an erasure (the entries are cleared then).
 */
export function auditedResident(row: ResidentRow) {
  const r = {
    ...row,
    location_id: row.location_id!,
    is_receptionist: row.role === 'receptionist',
    emergency_services_deactivated: Boolean(row.emergency_services_deactivated),
    is_active: Boolean(row.is_active),
  };
  return {
    name: r.name,
    apartment_number: r.apartment_number,
    email: r.email,
    location_id: r.location_id,
    is_receptionist: r.is_receptionist,
    emergency_services_deactivated: r.emergency_services_deactivated,
    is_active: r.is_active,
    move_in_on: r.move_in_on,
    move_out_on: r.move_out_on,
    ...(r.external_id ? { external_id: r.external_id } : {}),
  };
}

/** What the audit log keeps of a resident's fields as a form or an import row gives them. */
export const auditedInput = (v: ResidentInput) => ({
  name: v.name,
  apartment_number: v.apartmentNumber,
  email: v.email,
  location_id: v.locationId,
  is_receptionist: v.isReceptionist,
  emergency_services_deactivated: v.emergencyServicesDeactivated,
});

/** The mail that invites a resident to set their first password (link valid 7 days), in their language. */
export function invitationMail(
  appName: string,
  to: { email: string; name: string; apartmentNumber: string; locationTitle: string; language?: string | null },
  link: string,
): Mail {
  const { t, language } = translator(to.language);
  return {
    to: to.email,
    subject: t('invitation.subject', { app: appName }),
    ...renderMail({
      appName,
      language,
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [
        t('invitation.created', { app: appName, location: to.locationTitle, apartment: to.apartmentNumber }),
        t('invitation.within'),
      ],
      action: { label: t('invitation.action'), url: link },
      after: [t('invitation.once')],
    }),
  };
}

/** The password-reset mail a manager sends for a resident (link valid 60 minutes), in their language. */
export function resetMail(
  appName: string,
  to: { email: string; name: string; language?: string | null },
  link: string,
): Mail {
  const { t, language } = translator(to.language);
  return {
    to: to.email,
    subject: t('reset.subject', { app: appName }),
    ...renderMail({
      appName,
      language,
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [t('reset.requestedByManagement', { app: appName }), t('reset.within')],
      action: { label: t('reset.action'), url: link },
      after: [t('reset.onceByManagement')],
    }),
  };
}
