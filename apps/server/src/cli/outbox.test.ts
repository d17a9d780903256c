import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-outbox-cli-'));
const cli = (args: string[]) =>
  run(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/cli/outbox.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' },
  });

beforeAll(async () => {
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const row = (to: string, status: 'pending' | 'sent' | 'failed') => ({
    to_address: to,
    subject: `Mail an ${to}`,
    body_text: 'Text',
    status,
    attempts: status === 'failed' ? 7 : 1,
    last_error: status === 'failed' ? '550 Postfach unbekannt' : null,
    next_attempt_at: now,
    created_at: now,
  });
  await handle.db
    .insertInto('email_outbox')
    .values([
      row('eins@example.org', 'failed'),
      row('zwei@example.org', 'failed'),
      row('drei@example.org', 'sent'),
      row('vier@example.org', 'pending'),
    ])
    .execute();
  await handle.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run outbox', () => {
  it('shows the counts and every failed mail with its error', async () => {
    const { stdout } = await cli([]);
    expect(stdout).toContain('Postausgang: 1 wartend, 1 gesendet, 2 fehlgeschlagen');
    expect(stdout).toMatch(/#1 .* an eins@example\.org .*nach 7 Versuch\(en\)/);
    expect(stdout).toContain('550 Postfach unbekannt');
    expect(stdout).toContain('npm run outbox -- retry 2');
  });

  it('puts the named failed mail back in the queue, then all of them', async () => {
    expect((await cli(['retry', '1'])).stdout).toContain('1 E-Mail wieder in die Warteschlange gestellt.');
    expect((await cli([])).stdout).toContain('Postausgang: 2 wartend, 1 gesendet, 1 fehlgeschlagen');
    expect((await cli(['retry', '--all'])).stdout).toContain('1 E-Mail wieder in die Warteschlange gestellt.');
    const handle = openDatabase({ dataDir });
    const rows = await handle.db.selectFrom('email_outbox').selectAll().where('id', 'in', [1, 2]).execute();
    await handle.close();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('refuses an unknown command or an id that is not a number, in German', async () => {
    await expect(cli(['loeschen'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Unbekannter Befehl "loeschen"'),
    });
    await expect(cli(['retry', 'x1'])).rejects.toMatchObject({
      stderr: expect.stringContaining('IDs müssen Zahlen sein.'),
    });
  });
});
