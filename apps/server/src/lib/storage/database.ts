import { Readable } from 'node:stream';
import type { DB } from '../../db/database.js';
import { nowIso } from '../time.js';
import { FileStorage, type StoredFile } from './base.js';

/**
 * Files as rows of `media_files` in PostgreSQL (MEDIA_STORE=database): for installs on several
 * machines without object storage. One backup (pg_dump) then holds everything. Not offered on
 * SQLite, whose single connection a transaction holds while the seed stores its files. Files are at most
 * MAX_FILE_BYTES, so reading one whole into memory is fine.
 */
export class DatabaseStorage extends FileStorage {
  constructor(private readonly db: DB) {
    super();
  }

  protected async writeKey(key: string, data: Buffer): Promise<void> {
    await this.db
      .insertInto('media_files')
      .values({ key, data, size: data.length, created_at: nowIso() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ data, size: data.length }))
      .execute();
  }

  protected async openKey(key: string): Promise<StoredFile | null> {
    const row = await this.db.selectFrom('media_files').select('data').where('key', '=', key).executeTakeFirst();
    return row ? { stream: Readable.from([row.data]), size: row.data.length } : null;
  }

  protected async sizeOf(key: string): Promise<number | null> {
    const row = await this.db.selectFrom('media_files').select('size').where('key', '=', key).executeTakeFirst();
    return row ? Number(row.size) : null;
  }

  protected async removeKey(key: string): Promise<void> {
    await this.db.deleteFrom('media_files').where('key', '=', key).execute();
  }

  async check(): Promise<void> {
    await this.db.selectFrom('media_files').select('key').limit(1).execute();
  }
}
