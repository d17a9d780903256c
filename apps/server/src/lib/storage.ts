import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk now; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(prefix: string, ext: string, data: Buffer): Promise<string>;
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

// Keys are generated here only: `<prefix>/<random>.<ext>`. Anything else is refused.
const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/;

/** Stores files under DATA_DIR/media with unguessable names. */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(prefix: string, ext: string, data: Buffer): Promise<string> {
    const key = `${prefix}/${randomBytes(18).toString('base64url')}.${ext}`;
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    return key;
  }

  async open(key: string) {
    if (!KEY_PATTERN.test(key)) return null;
    const file = path.join(this.root, key);
    try {
      const stat = await fs.stat(file);
      return { stream: createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await fs.rm(path.join(this.root, key), { force: true });
  }
}

/** The content type of a stored key, from the extension we gave it ourselves. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return (
    { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', svg: 'image/svg+xml' }[ext] ??
    'application/octet-stream'
  );
}
