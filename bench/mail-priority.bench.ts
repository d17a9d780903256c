// `npm run bench:mail`: how long a person waits for a password-reset link right after a large
// import (issue 33 §7). A fresh SQLite (and, when it answers, PostgreSQL) outbox gets
// BENCH_INVITATIONS invitations (default 5,000) in one transaction, as an import writes them,
// then one reset link; a real SMTP server on 127.0.0.1 takes BENCH_SMTP_MS (default 2) ms per
// mail. Printed per dialect: when the reset arrived and when the last invitation did, with the
// priority (today) and without it (the reset queued as bulk, which is how the outbox ordered it
// before migration 033). Not a test: figures to compare between versions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../apps/server/src/config/config.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { Outbox } from '../apps/server/src/outbox/mail-outbox.js';

const INVITATIONS = Number(process.env.BENCH_INVITATIONS ?? 5_000);
const SMTP_MS = Number(process.env.BENCH_SMTP_MS ?? 2);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const arrived = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, session, cb) => {
    stream.resume();
    stream.on('end', () =>
      setTimeout(() => {
        for (const r of session.envelope.rcptTo) arrived.set(r.address, performance.now());
        cb();
      }, SMTP_MS),
    );
  },
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
const port = (smtp.server.address() as { port: number }).port;

async function database(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-mail-'));
  if (dialect === 'sqlite') return { handle: openDatabase({ dataDir }), drop: async () => undefined };
  const name = `hp_bench_mail_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = openDatabase({ dataDir, databaseUrl: PG_ADMIN.replace(/\/[^/]*$/, `/${name}`) });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

async function run(dialect: 'sqlite' | 'postgres', resetKind: 'reset' | 'invitation') {
  arrived.clear();
  const { handle, drop } = await database(dialect);
  await migrateToLatest(handle.db);
  const outbox = new Outbox(
    handle.db,
    silent,
    { ...loadConfig({}).mail, smtpUrl: `smtp://127.0.0.1:${port}`, pollMs: 3_600_000 },
    { publicUrl: 'http://hausportal.test', production: true },
  );
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < INVITATIONS; i++)
      await outbox.enqueue(
        { to: `neu-${i}@example.org`, subject: 'Einladung', text: 'Willkommen' },
        { kind: 'invitation', bulk: true, trx },
      );
  });
  const start = performance.now();
  await outbox.enqueue(
    { to: 'wartet@example.org', subject: 'Passwort', text: 'Link' },
    { kind: resetKind, bulk: resetKind === 'invitation' },
  );
  await outbox.flush();
  const reset = (arrived.get('wartet@example.org')! - start) / 1000;
  const last = (Math.max(...arrived.values()) - start) / 1000;
  await outbox.close();
  await drop();
  return { reset, last };
}

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
console.log(`${INVITATIONS} invitations queued, then a reset link; SMTP takes ${SMTP_MS} ms per mail.`);
console.log('dialect   | reset link with priority | without (queued as bulk) | last invitation');
for (const dialect of dialects) {
  try {
    const before = await run(dialect, 'invitation');
    const now = await run(dialect, 'reset');
    console.log(
      `${dialect.padEnd(9)} | ${now.reset.toFixed(2).padStart(22)} s | ${before.reset.toFixed(2).padStart(22)} s | ${now.last.toFixed(1).padStart(13)} s`,
    );
  } catch (err) {
    console.log(`${dialect}: übersprungen (${(err as Error).message})`);
  }
}
await new Promise<void>((r) => smtp.close(() => r()));
