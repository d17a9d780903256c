import { createHmac, timingSafeEqual } from 'node:crypto';

const WINDOW_MS = 60 * 60 * 1000;

/**
 * How long a link to a private file (a resident's apartment documents: the rental contract, the
 * service-charge statement) works: long enough to tap it after the list arrived and for the
 * browser's PDF viewer to fetch it, short enough that a link copied from the history, a shared
 * screen or a proxy log is dead by the time anyone else tries it (ADR 026). The web app fetches a
 * fresh link when an older one is tapped (`openPrivateFile`).
 */
export const PRIVATE_LINK_MS = 5 * 60 * 1000;

/** What verify() found: a link is good, forged/altered, or (correctly signed but) past its expiry. */
export type LinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * Signs media URLs (ADR 005, ADR 026).
 *
 * - `url()`: a shared file (blackboard photo, avatar, logo, notice). The expiry is rounded up to
 *   the next full hour plus one, so a file keeps the same URL for a while (browser cache,
 *   persisted state) and still expires within 2 h.
 * - `privateUrl()`: a private file, bound to the viewer's session (the id of their token row):
 *   it works for PRIVATE_LINK_MS and only while that session lives; the media route checks it.
 */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  /** The session id joins the signed text only for bound links, so neither kind passes for the other. */
  private mac(key: string, exp: number, sid?: number): string {
    const text = sid === undefined ? `${key}\n${exp}` : `${key}\n${exp}\n${sid}`;
    return createHmac('sha256', this.secret).update(text).digest('base64url').slice(0, 32);
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

  /**
   * A shared-file link (hourly, as url()) that also works only while the session `sid` lives:
   * ticket photos, taken inside a flat, shown as thumbnails that the browser may cache (ADR 026).
   */
  boundUrl(key: string | null | undefined, sid: number, now = Date.now()): string | null {
    if (!key) return null;
    const exp = this.expiry(now);
    return `/api/media/${key}?exp=${exp}&sid=${sid}&sig=${this.mac(key, exp, sid)}`;
  }

  /** A link to a private file for the session `sid` (auth_tokens.id), valid PRIVATE_LINK_MS. */
  privateUrl(key: string, sid: number, now = Date.now()): string {
    const exp = Math.ceil((now + PRIVATE_LINK_MS) / 1000) * 1000;
    return `/api/media/${key}?exp=${exp}&sid=${sid}&sig=${this.mac(key, exp, sid)}`;
  }

  /** Whether the signature matches key, expiry (and session), and whether it has expired. */
  check(key: string, exp: number, sig: string, sid?: number, now = Date.now()): LinkCheck {
    if (!Number.isFinite(exp)) return 'invalid';
    const expected = Buffer.from(this.mac(key, exp, sid));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return exp < now ? 'expired' : 'ok';
  }

  /** True when the signature of a shared-file link matches and has not expired. */
  verify(key: string, exp: number, sig: string, now = Date.now()): boolean {
    return this.check(key, exp, sig, undefined, now) === 'ok';
  }
}
