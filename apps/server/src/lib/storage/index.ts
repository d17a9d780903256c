import type { Config } from '../../config/config.js';
import type { DB } from '../../db/database.js';
import type { FileStorage } from './base.js';
import { DatabaseStorage } from './database.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';

export { FileStorage, isMediaKey, type StoredFile } from './base.js';
export { DatabaseStorage, LocalStorage, S3Storage };

/** The store MEDIA_STORE names; the database store shares the app's database. */
export function createStorage(config: Config, db: DB): FileStorage {
  const m = config.media;
  if (m.store === 's3') return new S3Storage(m.s3);
  if (m.store === 'database') return new DatabaseStorage(db);
  return new LocalStorage(config.mediaDir);
}

/** The content type of a stored key, from the extension we gave it ourselves. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return (
    { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', svg: 'image/svg+xml' }[ext] ??
    'application/octet-stream'
  );
}
