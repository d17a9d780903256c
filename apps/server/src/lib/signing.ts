import { createHmac, timingSafeEqual } from 'node:crypto';

const WINDOW_MS = 60 * 60 * 1000;

/**
 * Signs media URLs. Expiry is rounded up to the next full hour plus one, so a file keeps
 * the same URL for a while (browser cache, persisted state) and still expires within 2 h.
 */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url').slice(0, 32);
  }

  /** When a URL signed at `now` stops working (ms since the epoch). */
  expiry(now = Date.now()): number {
    return Math.ceil((now + WINDOW_MS) / WINDOW_MS) * WINDOW_MS;
  }

  /** The path under which the media route serves `key`. */
  url(key: string | null | undefined, now = Date.now()): string | null {
    if (!key) return null;
    const exp = this.expiry(now);
    return `/api/media/${key}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /** True when the signature matches and has not expired. */
  verify(key: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isFinite(exp) || exp < now) return false;
    const expected = Buffer.from(this.mac(key, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
