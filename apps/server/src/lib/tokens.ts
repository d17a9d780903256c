import { createHash, randomBytes } from 'node:crypto';

/** A new random token (32 bytes, URL-safe) for auth, reset links and the like. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; a SHA-256 suffices because they are 256-bit random. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
