import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts small secrets at rest (the staff TOTP secrets, ADR 025) with AES-256-GCM. The key is
 * derived with HKDF-SHA256 from the install's secret (SECRET_KEY, or the one kept in app_settings)
 * and a purpose, so the same install secret never serves two purposes with one key. A stored value
 * reads `v1:<iv>.<tag>.<ciphertext>` (base64url); a changed install secret makes it unreadable.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(installSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', installSecret, 'hausportal', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
    return `${VERSION}:${parts.join('.')}`;
  }

  /** The plain text, or null when the value was sealed with another key or altered. */
  open(sealed: string): string | null {
    const [version, rest] = sealed.split(':', 2);
    const parts = rest?.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (version !== VERSION || parts?.length !== 3) return null;
    const [iv, tag, data] = parts as [Buffer, Buffer, Buffer];
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
