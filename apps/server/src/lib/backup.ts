import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { isMediaKey } from './storage/base.js';

// Backup and restore of the embedded default (operations 6): SQLite in DATA_DIR and the
// local media store in DATA_DIR/media, in one .tar.gz while the server runs. PostgreSQL installs
// use pg_dump instead (deploy/README.md).

export const BACKUP_FORMAT = 'hausportal-backup-1';
const DATABASE_FILE = 'hausportal.sqlite';
const MANIFEST = 'manifest.json';

/** What an archive holds, written as its first entry. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  app_version: string;
  /** The newest migration applied in the copied database. */
  migration: string | null;
  /** 'local': the files are in the archive; otherwise they live in that store and are not included. */
  media_store: string;
  file_count: number;
  /** Every file of the archive but the manifest, with its size and SHA-256. */
  files: { path: string; size: number; sha256: string }[];
  /** Keys the copied rows name whose file was gone when the media were copied (deleted meanwhile). */
  missing_files: string[];
}

/** A refusal meant for the operator: printed as it is, without a stack trace. */
export class BackupError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const MEDIA_KEY = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/;

/**
 * Every media key that a row of the SQLite database at `file` names, in any table and text column
 * (file keys, thumbnails, pictures, logos). The audit log's JSON texts do not match as a whole and
 * are left out on purpose: they may name files deleted since.
 */
export function referencedMediaKeys(file: string): Set<string> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const keys = new Set<string>();
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      for (const row of db.prepare(`select * from "${table.replaceAll('"', '""')}"`).iterate() as Iterable<
        Record<string, unknown>
      >) {
        for (const value of Object.values(row)) {
          if (typeof value === 'string' && value.length <= 100 && MEDIA_KEY.test(value)) keys.add(value);
        }
      }
    }
    return keys;
  } finally {
    db.close();
  }
}

function newestMigration(file: string): string | null {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return row?.name ?? null;
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/** Every key in the local media folder, as LocalStorage stores them (`<folder>/<file>`). */
async function mediaKeys(mediaDir: string): Promise<string[]> {
  const keys: string[] = [];
  const folders = await fs.readdir(mediaDir).catch(() => [] as string[]);
  for (const folder of folders.sort()) {
    const names = await fs.readdir(path.join(mediaDir, folder)).catch(() => [] as string[]);
    for (const name of names.sort()) if (isMediaKey(`${folder}/${name}`)) keys.push(`${folder}/${name}`);
  }
  return keys;
}

/** A file into the staging folder: a hard link where it can (no copy, and safe from a later delete). */
async function stage(from: string, to: string): Promise<boolean> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.link(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    try {
      await fs.copyFile(from, to);
      return true;
    } catch (copyErr) {
      if ((copyErr as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw copyErr;
    }
  }
}

export interface BackupOptions {
  dataDir: string;
  /** The SQLite file; DATA_DIR/hausportal.sqlite by default. */
  databaseFile?: string;
  mediaStore: string;
  /** The archive to write. */
  archive: string;
  appVersion: string;
  now?: Date;
}

/**
 * Writes one archive while the server keeps running:
 * 1. the database through SQLite's online backup API (a consistent copy, whatever is being
 *    written meanwhile, including from other processes);
 * 2. then the media files, hard-linked into a staging folder: every file a copied row names was
 *    stored before its row was committed, so it is there (unless deleted in between: then it is
 *    listed under missing_files);
 * 3. a manifest with the migration level, the file count and each file's SHA-256.
 */
export async function createBackup(o: BackupOptions): Promise<BackupManifest> {
  const source = o.databaseFile ?? path.join(o.dataDir, DATABASE_FILE);
  try {
    await fs.access(source);
  } catch {
    throw new BackupError(`Keine Datenbank gefunden: ${source}. Stimmt DATA_DIR?`);
  }
  await fs.mkdir(path.dirname(path.resolve(o.archive)), { recursive: true });
  // Staged inside DATA_DIR, so that hard links work (same file system).
  const staging = await fs.mkdtemp(path.join(o.dataDir, '.backup-'));
  try {
    const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    try {
      // Copied in steps of 1,000 pages; a write from another connection restarts the copy, so
      // a busy server is copied in few, large steps.
      await db.backup(path.join(staging, DATABASE_FILE), { progress: () => 1000 });
    } finally {
      db.close();
    }
    const stagedDb = path.join(staging, DATABASE_FILE);
    const referenced = referencedMediaKeys(stagedDb);
    const staged: string[] = [];
    if (o.mediaStore === 'local') {
      const mediaDir = path.join(o.dataDir, 'media');
      for (const key of await mediaKeys(mediaDir)) {
        if (await stage(path.join(mediaDir, key), path.join(staging, 'media', key))) staged.push(`media/${key}`);
      }
    }
    const have = new Set(staged.map((p) => p.slice('media/'.length)));
    const files: BackupManifest['files'] = [];
    for (const rel of [DATABASE_FILE, ...staged]) {
      const file = path.join(staging, rel);
      files.push({ path: rel, size: (await fs.stat(file)).size, sha256: await sha256Of(file) });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: (o.now ?? new Date()).toISOString(),
      app_version: o.appVersion,
      migration: newestMigration(stagedDb),
      media_store: o.mediaStore,
      file_count: files.length,
      files,
      missing_files: o.mediaStore === 'local' ? [...referenced].filter((k) => !have.has(k)).sort() : [],
    };
    await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const part = `${o.archive}.part`;
    await tar.create({ gzip: true, file: part, cwd: staging, portable: true }, [MANIFEST, DATABASE_FILE, ...staged]);
    await fs.rename(part, o.archive);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Entries a backup may hold; anything else in an archive is refused before it is written. */
function allowedEntry(p: string): boolean {
  const clean = p.replace(/^\.\//, '');
  return clean === MANIFEST || clean === DATABASE_FILE || (clean.startsWith('media/') && isMediaKey(clean.slice(6)));
}

/**
 * Restores an archive into an empty (or new) DATA_DIR and checks every file against the manifest.
 * A non-empty DATA_DIR is refused, so a restore never mixes with or overwrites live data; a
 * failed check removes what was written.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<BackupManifest> {
  try {
    await fs.access(archive);
  } catch {
    throw new BackupError(`Die Sicherung ${archive} gibt es nicht.`);
  }
  // A freshly formatted volume has lost+found; that counts as empty.
  const existing = (
    await fs.readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    })
  ).filter((name) => name !== 'lost+found');
  if (existing.length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} ist nicht leer (${existing.length} Einträge). Die Wiederherstellung schreibt nur in ein leeres Verzeichnis; bitte ein neues angeben oder das alte beiseitelegen.`,
    );
  await fs.mkdir(dataDir, { recursive: true });
  try {
    const refused: string[] = [];
    await tar.extract({
      file: archive,
      cwd: dataDir,
      strict: true,
      filter: (p, entry) => {
        const ok = allowedEntry(p) && ('type' in entry ? entry.type === 'File' || entry.type === 'Directory' : true);
        if (!ok && !p.endsWith('/')) refused.push(p);
        return ok || p.endsWith('/');
      },
    });
    if (refused.length) throw new BackupError(`Die Sicherung enthält unerwartete Einträge: ${refused.join(', ')}`);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await fs.readFile(path.join(dataDir, MANIFEST), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError('Die Sicherung hat kein lesbares manifest.json; ist es eine Hausportal-Sicherung?');
    }
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(`Unbekanntes Sicherungsformat: ${String(manifest.format)}`);
    const bad: string[] = [];
    for (const f of manifest.files) {
      const file = path.join(dataDir, f.path);
      if (!allowedEntry(f.path)) bad.push(`${f.path} (unerwarteter Pfad)`);
      else if ((await fs.stat(file).catch(() => null))?.size !== f.size)
        bad.push(`${f.path} (fehlt oder Größe falsch)`);
      else if ((await sha256Of(file)) !== f.sha256) bad.push(`${f.path} (Prüfsumme falsch)`);
    }
    if (manifest.files.length !== manifest.file_count)
      bad.push('Anzahl der Dateien stimmt nicht mit dem Manifest überein');
    if (bad.length)
      throw new BackupError(`Die Sicherung ist beschädigt, nichts wurde wiederhergestellt:\n  ${bad.join('\n  ')}`);
    const check = new SQLite(path.join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`Die Datenbank der Sicherung ist beschädigt: ${String(result)}`);
    } finally {
      check.close();
    }
    await fs.rm(path.join(dataDir, MANIFEST));
    return manifest;
  } catch (err) {
    // Nothing half-restored is left behind: the folder is empty again, as it was.
    for (const entry of await fs.readdir(dataDir).catch(() => [] as string[]))
      if (entry !== 'lost+found') await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw err;
  }
}
