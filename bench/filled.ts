// A fresh database filled with the bench volume (bench/fill.ts), shared by the API and feed benches.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, syncSequences } from '../apps/server/src/db/database.js';
import { scratchDatabase } from '../apps/server/test/postgres.js';
import { fill, type Sizes } from './fill.js';

/** A fresh database of `dialect` filled with `sizes`; drop() removes it again. */
export async function filledDatabase(dialect: 'sqlite' | 'postgres', sizes: Sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-'));
  const scratch = dialect === 'postgres' ? await scratchDatabase('hp_bench') : undefined;
  const databaseUrl = scratch?.url;
  const handle = openDatabase({ databaseUrl, dataDir });
  const t0 = Date.now();
  await migrateToLatest(handle.db);
  await fill(handle.db, sizes);
  await syncSequences(handle, ['locations', 'services', 'users', 'messages', 'ticket_categories', 'tickets']);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`pragma optimize`.execute(handle.db);
  await handle.close();
  // The fill leaves hundreds of MB to write back; measured alongside, the disk work reads as server cost.
  spawnSync('sync');
  console.log(
    `[${dialect}] gefüllt in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${sizes.locations} Standorte, ${sizes.residents} Bewohner, ${sizes.messages} Beiträge, ${sizes.likes} Likes, ${sizes.comments} Kommentare, ${sizes.documents} Anhänge`,
  );
  return {
    dataDir,
    databaseUrl,
    drop: async () => {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
