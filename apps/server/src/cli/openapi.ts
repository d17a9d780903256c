// Writes the API's OpenAPI document, as GET /api/docs/openapi.json serves it, to a file (or
// stdout): `tsx apps/server/src/cli/openapi.ts [out.json]`. `npm run lint:api` lints it with
// Redocly. The app is built on an empty SQLite database in a temporary directory and never listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hausportal-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    await app.close();
    if (res.statusCode !== 200) throw new Error(`openapi.json antwortete ${res.statusCode}`);
    const text = JSON.stringify(JSON.parse(res.body), null, 2) + '\n';
    const out = process.argv[2];
    if (out) fs.writeFileSync(out, text);
    else process.stdout.write(text);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
