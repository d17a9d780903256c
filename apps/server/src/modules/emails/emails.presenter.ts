import type { AdminEmail, AdminEmailDetail } from '@hausportal/contract';
import { REDACTED_BODY } from '../../outbox/mail-outbox.js';
import type { EmailRow } from '../../outbox/mail.repository.js';

/** A mail of the outbox as the back office lists it. */
export function toAdminEmail(row: EmailRow): AdminEmail {
  return {
    id: row.id,
    to_address: row.to_address,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
    location_id: row.location_id,
  };
}

/** A mail with its body; a secret link is never shown, not even before the mail is sent. */
export function toAdminEmailDetail(row: EmailRow & { body_text: string }): AdminEmailDetail {
  return { ...toAdminEmail(row), body_text: row.contains_secret ? REDACTED_BODY : row.body_text };
}
