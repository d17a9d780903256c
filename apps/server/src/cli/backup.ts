// Writes one backup archive of the embedded default while the server runs:
//   npm run backup                       → backups/hausportal-backup-<time>.tar.gz
//   npm run backup -- --out /mnt/sicherung/
//   npm run backup -- --out /mnt/sicherung/heute.tar.gz
// SQLite through its online backup API, the files of DATA_DIR/media and a manifest with the
// migration level and every file's SHA-256. With PostgreSQL (DATABASE_URL) pg_dump is the
// procedure; see deploy/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config/config.js';
import { archiveChecksum, BackupError, createBackup } from '../lib/backup.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The version in the root package.json, for the manifest. */
export function appVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
  } catch {
    return '';
  }
}

function archivePath(out: string | undefined, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const name = `hausportal-backup-${stamp}.tar.gz`;
  if (!out) return path.resolve('backups', name);
  const target = path.resolve(out);
  const isDir = out.endsWith('/') || (fs.existsSync(target) && fs.statSync(target).isDirectory());
  return isDir ? path.join(target, name) : target;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl))
    throw new BackupError(
      'DATABASE_URL zeigt auf PostgreSQL: Diese Sicherung gilt nur für die eingebaute SQLite-Datenbank.\n' +
        'Sichern Sie PostgreSQL mit pg_dump (und die Dateien im gewählten MEDIA_STORE); das Vorgehen steht in deploy/README.md, Abschnitt „Backups“.',
    );
  const now = new Date();
  const archive = archivePath(values.out, now);
  const sqliteFile = config.databaseUrl?.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : undefined;
  console.log(`Sichere ${config.dataDir} nach ${archive} …`);
  const manifest = await createBackup({
    dataDir: config.dataDir,
    databaseFile: sqliteFile,
    mediaStore: config.media.store,
    archive,
    appVersion: appVersion(),
    secretKey: config.secretKey ?? undefined,
    now,
  });
  const checksum = await archiveChecksum(archive);
  fs.writeFileSync(`${archive}.sha256`, `${checksum}  ${path.basename(archive)}\n`);
  const media = manifest.file_count - 1;
  console.log(
    `Fertig: Datenbank (Migration ${manifest.migration ?? '–'}) und ${media} Datei(en), ${fs.statSync(archive).size} Bytes.`,
  );
  console.log(
    `Prüfsumme (SHA-256): ${checksum}\n` +
      `Bewahren Sie sie getrennt von der Sicherung auf (auch in ${path.basename(archive)}.sha256); die Wiederherstellung verlangt sie:\n` +
      `  npm run restore -- ${archive} --sha256 ${checksum}` +
      (config.secretKey ? '\nDas Manifest ist außerdem mit SECRET_KEY signiert.' : ''),
  );
  if (config.media.store !== 'local')
    console.log(
      `Hinweis: MEDIA_STORE=${config.media.store}; die Dateien liegen dort und sind nicht in dieser Sicherung.`,
    );
  if (manifest.missing_files.length)
    console.warn(
      `Warnung: ${manifest.missing_files.length} Datei(en), die die Datenbank nennt, fehlten beim Kopieren (gerade gelöscht?):\n  ${manifest.missing_files.join('\n  ')}`,
    );
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError || err instanceof BackupError
      ? err.message
      : `Die Sicherung ist fehlgeschlagen: ${(err as Error).message}`,
  );
  process.exit(1);
});
