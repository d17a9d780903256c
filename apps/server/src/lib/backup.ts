import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
/** The manifest's HMAC-SHA256 under SECRET_KEY, when one is set: a key the archive does not hold. */
const SIGNATURE = 'manifest.sig';

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

/** The SHA-256 of a file, as `sha256sum` prints it. */
export const archiveChecksum = (file: string) => sha256Of(file);

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

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
  /** SECRET_KEY: signs the manifest, so a restore with the same key can tell it was not changed. */
  secretKey?: string;
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
    const manifestText = JSON.stringify(manifest, null, 2);
    await fs.writeFile(path.join(staging, MANIFEST), manifestText);
    const entries = [MANIFEST, DATABASE_FILE, ...staged];
    if (o.secretKey) {
      await fs.writeFile(path.join(staging, SIGNATURE), hmac(o.secretKey, manifestText));
      entries.unshift(SIGNATURE);
    }
    const part = `${o.archive}.part`;
    await tar.create({ gzip: true, file: part, cwd: staging, portable: true }, entries);
    await fs.rename(part, o.archive);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Entries a backup may hold; anything else in an archive is refused before it is written. */
function allowedEntry(p: string): boolean {
  const clean = p.replace(/^\.\//, '');
  return (
    clean === MANIFEST ||
    clean === SIGNATURE ||
    clean === DATABASE_FILE ||
    (clean.startsWith('media/') && isMediaKey(clean.slice(6)))
  );
}

/** How a restore knows the archive is the one that was written: one of the two must be given. */
export interface Authenticity {
  /** The archive's SHA-256 as `npm run backup` printed it, given on the command line. */
  sha256?: string;
  /** SECRET_KEY, the same as when the backup was made: checks the manifest's signature. */
  secretKey?: string;
}

const NOT_AUTHENTIC =
  'Die Sicherung lässt sich nicht beglaubigen: Geben Sie die Prüfsumme an, die `npm run backup` ausgegeben hat ' +
  '(`npm run restore -- <Sicherung> --sha256 <Prüfsumme>`), oder setzen Sie SECRET_KEY wie beim Sichern. ' +
  'Eine Sicherung liegt oft weniger geschützt als der Server; ohne diese Prüfung könnte sie verändert worden sein.';

/** Every file under `dir`, relative, with forward slashes. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** Removes everything a failed restore wrote, once the writes still under way have landed. */
async function emptyAgain(dataDir: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const left = (await fs.readdir(dataDir).catch(() => [] as string[])).filter((e) => e !== 'lost+found');
    if (!left.length) return;
    for (const entry of left) await fs.rm(path.join(dataDir, entry), { recursive: true, force: true });
    // A file the extraction opened before it failed may still be closing.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Restores an archive into an empty (or new) DATA_DIR and checks every file against the manifest.
 * The archive must be vouched for from outside it: its checksum as the backup printed it, or the
 * manifest's signature under SECRET_KEY; a manifest alone could have been rewritten with the files.
 * A non-empty DATA_DIR is refused, so a restore never mixes with or overwrites live data; any
 * refusal removes what was written and reads as a German sentence, never a stack trace.
 */
export async function restoreBackup(archive: string, dataDir: string, trust: Authenticity): Promise<BackupManifest> {
  try {
    await fs.access(archive);
  } catch {
    throw new BackupError(`Die Sicherung ${archive} gibt es nicht.`);
  }
  if (trust.sha256) {
    const actual = await sha256Of(archive);
    if (actual !== trust.sha256.trim().toLowerCase())
      throw new BackupError(
        `Die Prüfsumme der Sicherung stimmt nicht: erwartet ${trust.sha256.trim()}, die Datei hat ${actual}. Nichts wurde wiederhergestellt.`,
      );
  } else if (!trust.secretKey) throw new BackupError(NOT_AUTHENTIC);
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
    try {
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
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`Die Sicherung ist beschädigt oder unvollständig: ${(err as Error).message}`);
    }
    if (refused.length) throw new BackupError(`Die Sicherung enthält unerwartete Einträge: ${refused.join(', ')}`);
    let manifest: BackupManifest;
    let manifestText: string;
    try {
      manifestText = await fs.readFile(path.join(dataDir, MANIFEST), 'utf8');
      manifest = JSON.parse(manifestText) as BackupManifest;
    } catch {
      throw new BackupError('Die Sicherung hat kein lesbares manifest.json; ist es eine Hausportal-Sicherung?');
    }
    if (!trust.sha256) {
      const signature = await fs.readFile(path.join(dataDir, SIGNATURE), 'utf8').catch(() => null);
      const expected = Buffer.from(hmac(trust.secretKey!, manifestText));
      if (!signature || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), expected))
        throw new BackupError(
          signature
            ? 'Die Signatur des Manifests stimmt nicht: Die Sicherung wurde verändert, oder SECRET_KEY ist ein anderer als beim Sichern. Nichts wurde wiederhergestellt.'
            : NOT_AUTHENTIC,
        );
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
    if (!manifest.files.some((f) => f.path === DATABASE_FILE)) bad.push(`${DATABASE_FILE} (fehlt im Manifest)`);
    const listed = new Set([MANIFEST, SIGNATURE, ...manifest.files.map((f) => f.path)]);
    for (const file of await filesUnder(dataDir))
      if (!listed.has(file) && file !== 'lost+found') bad.push(`${file} (nicht im Manifest)`);
    if (bad.length)
      throw new BackupError(`Die Sicherung ist beschädigt, nichts wurde wiederhergestellt:\n  ${bad.join('\n  ')}`);
    try {
      const check = new SQLite(path.join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
      try {
        const result = check.pragma('integrity_check', { simple: true });
        if (result !== 'ok') throw new BackupError(`Die Datenbank der Sicherung ist beschädigt: ${String(result)}`);
      } finally {
        check.close();
      }
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`Die Datenbank der Sicherung lässt sich nicht lesen: ${(err as Error).message}`);
    }
    await fs.rm(path.join(dataDir, MANIFEST));
    await fs.rm(path.join(dataDir, SIGNATURE), { force: true });
    return manifest;
  } catch (err) {
    // Nothing half-restored is left behind: the folder is empty again, as it was.
    await emptyAgain(dataDir);
    if (err instanceof BackupError) throw err;
    throw new BackupError(`Die Sicherung ließ sich nicht wiederherstellen: ${(err as Error).message}`);
  }
}
