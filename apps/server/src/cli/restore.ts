// Restores a backup of `npm run backup` into an empty DATA_DIR:
//   DATA_DIR=/srv/hausportal/data-neu npm run restore -- backups/hausportal-backup-20261125-0700.tar.gz --sha256 <Prüfsumme>
// The archive is vouched for by the checksum the backup printed (kept apart from the archive), or
// by the manifest's signature when SECRET_KEY is set as it was for the backup. A DATA_DIR that
// holds anything is refused; every file is checked against the manifest's SHA-256 and the database
// with SQLite's integrity check. Start the server on it afterwards; it applies newer migrations itself.
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config/config.js';
import { BackupError, restoreBackup } from '../lib/backup.js';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { sha256: { type: 'string' } } });
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.positionals.length !== 1)
    throw new BackupError(
      'Aufruf: npm run restore -- <Sicherung.tar.gz> [--sha256 <Prüfsumme>]  (Ziel ist DATA_DIR, das leer sein muss)',
    );
  const { positionals, values } = parsed;
  const config = loadConfig();
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl))
    throw new BackupError(
      'DATABASE_URL zeigt auf PostgreSQL: Diese Wiederherstellung gilt nur für die eingebaute SQLite-Datenbank.\n' +
        'PostgreSQL stellen Sie mit pg_restore wieder her; siehe deploy/README.md, Abschnitt „Backups“.',
    );
  const archive = positionals[0]!;
  console.log(`Stelle ${archive} in ${config.dataDir} wieder her …`);
  const manifest = await restoreBackup(archive, config.dataDir, {
    sha256: values.sha256,
    secretKey: config.secretKey ?? undefined,
  });
  console.log(
    `Fertig: Sicherung vom ${manifest.created_at} (Migration ${manifest.migration ?? '–'}), ${manifest.file_count} Datei(en) geprüft.`,
  );
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError || err instanceof BackupError
      ? err.message
      : `Die Wiederherstellung ist fehlgeschlagen: ${(err as Error).message}`,
  );
  process.exit(1);
});
