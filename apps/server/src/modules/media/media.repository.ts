import type { DB } from '../../db/database.js';

/**
 * The session a private-file link is bound to (ADR 026): its token row and whether its user may
 * still sign in, and when the session ends (`expires_at`, ADR 024). Undefined once the token is
 * gone: logout, 'sign out the other devices', expiry, a password change, or an erased account.
 */
export function findLinkSession(db: DB, tokenId: number) {
  return db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.token_hash', 'auth_tokens.expires_at', 'users.is_active'])
    .where('auth_tokens.id', '=', tokenId)
    .where('users.erased_at', 'is', null)
    .executeTakeFirst();
}
