// Restores a backup of `npm run backup` into an empty DATA_DIR (operations 6):
//   DATA_DIR=/srv/hausportal/data-neu npm run restore -- backups/hausportal-backup-20261125-0700.tar.gz
// A DATA_DIR that holds anything is refused; every file is checked against the manifest's SHA-256
// and the database with SQLite's integrity check. Start the server on it afterwards; it applies
// newer migrations itself.
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config/config.js';
import { BackupError, restoreBackup } from '../lib/backup.js';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1)
    throw new BackupError('Aufruf: npm run restore -- <Sicherung.tar.gz>  (Ziel ist DATA_DIR, das leer sein muss)');
  const config = loadConfig();
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl))
    throw new BackupError(
      'DATABASE_URL zeigt auf PostgreSQL: Diese Wiederherstellung gilt nur für die eingebaute SQLite-Datenbank.\n' +
        'PostgreSQL stellen Sie mit pg_restore wieder her; siehe deploy/README.md, Abschnitt „Backups“.',
    );
  const archive = positionals[0]!;
  console.log(`Stelle ${archive} in ${config.dataDir} wieder her …`);
  const manifest = await restoreBackup(archive, config.dataDir);
  console.log(
    `Fertig: Sicherung vom ${manifest.created_at} (Migration ${manifest.migration ?? '–'}), ${manifest.file_count} Datei(en) geprüft.`,
  );
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : err);
  process.exit(1);
});
