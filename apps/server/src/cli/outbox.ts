// The outgoing mail, for an operator until the back office shows it:
//   npm run outbox                    counts by status and the failed mail
//   npm run outbox -- retry 12 15     puts failed mail 12 and 15 back in the queue
//   npm run outbox -- retry --all     puts every failed mail back in the queue
// A running server sends re-queued mail within its poll interval (30 s).
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { countMail, listMail, requeueFailed } from '../outbox/mail.repository.js';
import { recordChange } from '../modules/audit/audit.js';

const USAGE = 'Aufruf: npm run outbox [-- retry <id> … | -- retry --all]';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { all: { type: 'boolean' } } });
  const [command, ...rest] = positionals;
  if (command !== undefined && command !== 'retry') throw new ConfigError(`Unbekannter Befehl "${command}". ${USAGE}`);
  if (command === 'retry' && !values.all && rest.length === 0) throw new ConfigError(`Welche E-Mails? ${USAGE}`);
  if (rest.some((id) => !/^\d{1,9}$/.test(id))) throw new ConfigError(`IDs müssen Zahlen sein. ${USAGE}`);

  const handle = openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db);
    if (command === 'retry') {
      const ids = values.all ? undefined : rest.map(Number);
      const n = await requeueFailed(handle.db, ids);
      await recordChange(handle.db, {
        actor: null,
        action: 'mail_requeued',
        entity: { type: 'email_outbox' },
        details: { ids: ids ?? 'all', n },
      });
      console.log(`${n} E-Mail${n === 1 ? '' : 's'} wieder in die Warteschlange gestellt.`);
      return;
    }
    const counts = await countMail(handle.db);
    console.log(`Postausgang: ${counts.pending} wartend, ${counts.sent} gesendet, ${counts.failed} fehlgeschlagen`);
    const failed = await listMail(handle.db, 'failed');
    if (failed.length === 0) return;
    console.log('\nFehlgeschlagen (neueste zuerst):');
    for (const m of failed) {
      console.log(`  #${m.id}  ${m.created_at}  an ${m.to_address}  „${m.subject}“  nach ${m.attempts} Versuch(en)`);
      console.log(`        ${m.last_error ?? ''}`);
    }
    console.log(`\nErneut senden: npm run outbox -- retry ${failed[0]!.id}   (oder -- retry --all)`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
