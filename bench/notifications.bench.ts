// `npm run bench:notifications`: the cost of telling a whole building (ADR 016). A
// location with BENCH_RESIDENTS residents (default 500), each with one push subscription at a
// push service on 127.0.0.1 that answers 201 as FCM would. It measures, on SQLite and (when it
// answers) PostgreSQL:
// - the approval request that writes the pushes for everyone, first (insert), then within the hour
//   (deferred), then once more (the waiting bundle is updated);
// - how fast the outbox hands the pushes to the push service (encrypt, sign, send).
// Not a test: it prints figures to compare between versions.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { createLocation } from '../apps/server/src/modules/location/location.repository.js';
import { createMessage } from '../apps/server/src/modules/messages/messages.repository.js';
import { assignManagerLocations, createUser } from '../apps/server/src/modules/auth/auth.repository.js';

const RESIDENTS = Number(process.env.BENCH_RESIDENTS ?? 500);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let received = 0;
const pushService = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(201).end();
  });
});
await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(pushService.address() as { port: number }).port}`;

const subscription = (n: number) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint: `${origin}/push/${n}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
};

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function run(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-notify-'));
  let databaseUrl: string | undefined;
  let drop = async () => undefined as unknown;
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    const name = `hp_bench_notify_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${name}`);
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    };
  }
  const handle = openDatabase({ dataDir, databaseUrl });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://hausportal.test',
    PUSH_ENDPOINT_ALLOWLIST: origin,
  });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  const { db } = app.ctx;

  const location = await createLocation(db, { title: 'Haus Bench' });
  const hash = await hashPassword('Demo1234!');
  const residents: number[] = [];
  for (let i = 0; i < RESIDENTS; i++) {
    residents.push(
      await createUser(db, {
        role: 'resident',
        locationId: location,
        apartmentNumber: `B-${i}`,
        name: `Person ${i}`,
        email: `p${i}@example.org`,
        passwordHash: hash,
      }),
    );
  }
  await db
    .insertInto('push_subscriptions')
    .values(
      residents.map((id, i) => ({
        user_id: id,
        type: 'web',
        registration_id: subscription(i),
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  const manager = await createUser(db, {
    role: 'manager',
    locationId: null,
    apartmentNumber: '',
    name: 'Verwaltung',
    email: 'bench-manager@example.org',
    passwordHash: hash,
  });
  await assignManagerLocations(db, manager, [location]);
  const login = await app.inject({
    method: 'POST',
    url: '/api/staff/login/',
    payload: { email: 'bench-manager@example.org', password: 'Demo1234!' },
  });
  const auth = `Token ${login.json().token}`;

  const approve = async (label: string) => {
    const { id } = await createMessage(db, { userId: residents[0]!, locationId: location }, 'Flohmarkt im Hof', {
      status: 'pending',
    });
    const start = process.hrtime.bigint();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/messages/${id}/moderation/`,
      headers: { authorization: auth },
      payload: { status: 'approved' },
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    console.log(`  ${dialect}: approval telling ${RESIDENTS} residents, ${label}: ${ms(start).toFixed(0)} ms`);
  };

  // Quiet hours would hold the pushes; the bench measures sending, at any hour.
  await db
    .updateTable('users')
    .set({ notification_settings: JSON.stringify({ quiet_hours: false }) })
    .execute();
  received = 0;
  await app.ctx.push.close(0); // the approval only writes; sending is measured on its own
  await approve('first post (one push each is written)');
  const rows = await db.selectFrom('push_outbox').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();

  const sender = await buildApp({ config, database: handle, logger: false });
  const start = process.hrtime.bigint();
  await sender.ready(); // starts the push outbox, which sends the backlog
  await sender.ctx.push.flush();
  const sendMs = ms(start);
  console.log(
    `  ${dialect}: ${received} of ${Number(rows.n)} pushes sent in ${sendMs.toFixed(0)} ms = ${((received / sendMs) * 1000).toFixed(0)} pushes/s (encrypt, sign, POST; ${config.push.concurrency} senders)`,
  );
  await approve('second post within the hour (deferred to the hour)');
  await approve('third post (the waiting pushes are bundled)');
  await sender.close();
  await app.close();
  await handle.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`Notifications for a building of ${RESIDENTS} residents, one push subscription each`);
await run('sqlite');
const probe = new pg.Client({ connectionString: PG_ADMIN });
const pgUp = await probe.connect().then(
  () => true,
  () => false,
);
await probe.end().catch(() => undefined);
if (pgUp) await run('postgres');
else console.log('  postgres: not reachable, skipped');
pushService.close();
process.exit(0);
