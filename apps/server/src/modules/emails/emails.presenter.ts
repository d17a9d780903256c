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

/**
 * What the back office shows of a mail with a secret link that has not been sent yet: the body
 * is still stored (the sender needs it), but nobody else sees it. 'Nach dem Versand entfernt'
 * would be untrue until it is sent.
 */
export const HIDDEN_SECRET_BODY =
  '[Verborgen: Die E-Mail enthält einen geheimen Link. Er wird nach dem Versand gelöscht.]';

/** A mail with its body; a secret link is never shown, not even before the mail is sent. */
export function toAdminEmailDetail(row: EmailRow & { body_text: string }): AdminEmailDetail {
  const secret = row.status === 'sent' ? REDACTED_BODY : HIDDEN_SECRET_BODY;
  return { ...toAdminEmail(row), body_text: row.contains_secret ? secret : row.body_text };
}
