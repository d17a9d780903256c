import { createHash, randomBytes } from 'node:crypto';

/** A new random token (32 bytes, URL-safe) for auth, reset links and the like. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; a SHA-256 suffices because they are 256-bit random. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters after `hp_`: 43 of base62 carry 256 bits, like a session token. */
const API_KEY_BODY = 43;
/** What the back office shows of a key: `hp_` and the next 8 characters. */
export const API_KEY_SHOWN = 11;

/**
 * A new integration key: `hp_` and 43 random base62 characters (no `-` or `_`, so a
 * double click selects all of it). Rejection sampling keeps every character equally likely.
 */
export function newApiKey(): string {
  let body = '';
  while (body.length < API_KEY_BODY) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && body.length < API_KEY_BODY) body += BASE62[byte % 62];
    }
  }
  return `hp_${body}`;
}

/**
 * True for a string shaped like an integration key. Session tokens are 43 characters of
 * base64url, so none of them is 46 characters long: a person's token is never taken for a key.
 */
export function isApiKey(token: string): boolean {
  return /^hp_[0-9A-Za-z]{43}$/.test(token);
}
