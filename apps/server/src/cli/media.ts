// Copies uploaded files from DATA_DIR/media into the store MEDIA_STORE names (s3 or database),
// keeping their keys, so existing posts, documents and pictures keep working after the switch:
//   MEDIA_STORE=s3 S3_BUCKET=… npm run media:copy
// Files already in the store are skipped, so it can run again after an interruption.
import { loadConfig, ConfigError } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createStorage, LocalStorage } from '../lib/storage/index.js';
import { copyMedia } from '../lib/storage/copy.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.media.store === 'local')
    throw new ConfigError('MEDIA_STORE ist local: Wohin kopieren? Setzen Sie MEDIA_STORE=s3 oder database.');
  const handle = openDatabase(config);
  const store = createStorage(config, handle.db);
  try {
    await migrateToLatest(handle.db);
    console.log(`Kopiere ${config.mediaDir} nach ${config.media.store} …`);
    let n = 0;
    const result = await copyMedia(new LocalStorage(config.mediaDir), store, (key, outcome) => {
      if (outcome === 'failed') console.error(`  Fehler: ${key}`);
      if (++n % 100 === 0) console.log(`  ${n} Dateien …`);
    });
    console.log(`${result.copied} kopiert, ${result.skipped} schon vorhanden, ${result.failed.length} fehlgeschlagen.`);
    for (const f of result.failed) console.error(`  ${f.key}: ${f.error}`);
    if (result.failed.length) process.exitCode = 1;
  } finally {
    await store.close();
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
