import type { AuthUser } from './auth-user.js';
import { BoundedMap } from '../../lib/bounded-map.js';

/**
 * The users behind recently checked tokens, by token hash, in this process. Only routes that
 * check the token again in their own statement use it (the feed, ADR 018), so a logout, a
 * deactivation or a move to another building still counts at the next request, whichever
 * process serves it. An entry carries the token's absolute end (ADR 024), which never moves, so
 * a cached token is not used past it on any process.
 */
export class TokenCache extends BoundedMap<string, { user: AuthUser; lastUsed: number; expiresAt: number }> {
  constructor() {
    super(10_000);
  }
}
