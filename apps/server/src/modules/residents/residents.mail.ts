import { INVITATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/database.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { isoFromMs } from '../../lib/time.js';
import { replaceResetTokens } from '../auth/auth.repository.js';
import { markInvited, type ResidentRow } from './residents.repository.js';
import { invitationMail, resetMail } from './residents.presenter.js';

/** Whom an account mail goes to. */
export interface MailRecipient {
  id: number;
  email: string;
  name: string;
  apartmentNumber: string;
  locationId: number;
  locationTitle: string;
  /**
   * The resident's language. Left out by the import, whose invitations go to people
   * who never signed in and so never chose one: German.
   */
  language?: string | null;
}

/** The recipient of an account mail to a resident as the back office finds them. */
export function recipientOf(row: ResidentRow): MailRecipient {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    apartmentNumber: row.apartment_number,
    locationId: row.location_id!,
    locationTitle: row.location_title,
    language: row.language,
  };
}

/**
 * Queues an invitation (link valid 7 days) or a password-reset mail (1 hour) in `trx`. The link
 * leads to 'Willkommen' or the reset page; only its newest token works. The body is redacted
 * once sent. Call `ctx.outbox.kick()` after the transaction commits.
 */
export async function queueAccountMail(
  ctx: Pick<AppContext, 'outbox' | 'config'>,
  trx: DB,
  to: MailRecipient,
  kind: 'invitation' | 'reset',
  { bulk = false }: { bulk?: boolean } = {},
): Promise<void> {
  const { config, outbox } = ctx;
  const token = newToken();
  const ttl = kind === 'invitation' ? INVITATION_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  await replaceResetTokens(trx, to.id, hashToken(token), isoFromMs(Date.now() + ttl));
  // An invitation opens 'Willkommen' (ADR 044), a reset the reset page.
  const link = `${config.publicUrl}/${kind === 'invitation' ? 'willkommen' : 'forgot-password'}/${token}`;
  const mail = kind === 'invitation' ? invitationMail(config.appName, to, link) : resetMail(config.appName, to, link);
  await outbox.enqueue(mail, {
    secret: true,
    kind,
    bulk,
    locationId: to.locationId,
    trx,
    devLog: `${kind === 'invitation' ? 'Einladungslink' : 'Link zum Zurücksetzen des Passworts'} für ${to.apartmentNumber}: ${link}`,
  });
  if (kind === 'invitation') await markInvited(trx, to.id);
}
