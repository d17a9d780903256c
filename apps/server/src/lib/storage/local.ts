import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { FileStorage, isMediaKey } from './base.js';

/** Files under DATA_DIR/media: the default for one machine. */
export class LocalStorage extends FileStorage {
  constructor(readonly root: string) {
    super();
  }

  protected async writeKey(key: string, data: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const part = `${file}.${process.pid}.part`;
    await fs.writeFile(part, data);
    await fs.rename(part, file);
  }

  protected async openKey(key: string) {
    const size = await this.sizeOf(key);
    return size === null ? null : { stream: createReadStream(path.join(this.root, key)), size };
  }

  protected async sizeOf(key: string): Promise<number | null> {
    try {
      return (await fs.stat(path.join(this.root, key))).size;
    } catch {
      return null;
    }
  }

  protected async removeKey(key: string): Promise<void> {
    await fs.rm(path.join(this.root, key), { force: true });
  }

  /** The folder exists and takes a file (a write, not access(), which root always passes). */
  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready-${process.pid}`);
    await fs.writeFile(probe, '');
    await fs.rm(probe, { force: true });
  }

  /** Every stored key, for the copy command. */
  async *keys(): AsyncGenerator<string> {
    let folders: string[];
    try {
      folders = await fs.readdir(this.root);
    } catch {
      return;
    }
    for (const folder of folders.sort()) {
      const entries = await fs.readdir(path.join(this.root, folder)).catch(() => []);
      for (const name of entries.sort()) {
        const key = `${folder}/${name}`;
        if (isMediaKey(key)) yield key;
      }
    }
  }
}
