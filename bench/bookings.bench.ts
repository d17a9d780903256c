// `npm run bench:bookings` (and part of `npm run bench`): a resource's week view with 1,000
// bookings in the window (issue 24: p99 under 20 ms). Fills fresh SQLite and PostgreSQL databases
// with 1 location, 100 residents, a resource of 10-minute slots round the clock and 1,000
// bookings (with their booking_slots rows) in the coming week plus 20,000 in the past, starts the
// real server in its own process and loads it with autocannon. Prints req/s, p50, p99; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase, syncSequences, type DB } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { addDays, berlinDate, slotKey, slotsOfDay } from '../apps/server/src/modules/bookings/bookings.time.js';
import { pgReachable, scratchDatabase } from '../apps/server/test/postgres.js';
import { startServer } from './server.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const PASSWORD = 'Bench1234!';
const RESIDENTS = 100;
const IN_WINDOW = 1_000;
const PAST = 20_000;
const RESOURCE = { slot_minutes: 10, day_start: '00:00', day_end: '23:59' };

async function batched(db: DB, table: 'users' | 'bookings' | 'booking_slots', rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + 400) as any)
      .execute();
}

async function fill(db: DB, from: string) {
  const created = new Date().toISOString();
  const hash = await hashPassword(PASSWORD);
  await db
    .insertInto('locations')
    .values({
      id: 1,
      title: 'Buchungsstandort',
      name: 'Buchungsstandort',
      logo: null,
      direct_call: 0,
      direct_number: '',
      default_service_id: 3,
      text: '',
      hours: '',
      phone: '',
      email: '',
      free_text: '',
      residents_can_post: 0,
      created_at: created,
    })
    .execute();
  await batched(
    db,
    'users',
    Array.from({ length: RESIDENTS }, (_, i) => ({
      id: i + 1,
      location_id: 1,
      role: 'resident',
      login: `b-${String(i + 1).padStart(4, '0')}`,
      apartment_number: `B-${String(i + 1).padStart(4, '0')}`,
      name: `Person ${i + 1}`,
      email: `b${i + 1}@example.org`,
      password_hash: hash,
      profile_picture: null,
      emergency_services_deactivated: 0,
      language: 'de',
      is_active: 1,
      created_at: created,
    })),
  );
  await db
    .insertInto('booking_resources')
    .values({
      id: 1,
      location_id: 1,
      name: 'Waschküche',
      description: '',
      house_rules: '',
      mode: 'slots',
      ...RESOURCE,
      horizon_days: 400,
      max_length: 1,
      quota_count: null,
      quota_period: 'week',
      cancel_hours: 0,
      approval_required: 0,
      fee_text: '',
      created_at: created,
    })
    .execute();
  const week = Array.from({ length: 7 }, (_, d) => slotsOfDay(addDays(from, d), RESOURCE)).flat();
  const past = Array.from({ length: Math.ceil(PAST / 143) + 1 }, (_, d) =>
    slotsOfDay(addDays(from, -2 - d), RESOURCE),
  ).flat();
  const slots = [...week.slice(0, IN_WINDOW), ...past.slice(0, PAST)];
  await batched(
    db,
    'bookings',
    slots.map((s, i) => ({
      id: i + 1,
      resource_id: 1,
      location_id: 1,
      user_id: (i % RESIDENTS) + 1,
      apartment_number: `B-${String((i % RESIDENTS) + 1).padStart(4, '0')}`,
      starts_at: new Date(s.start).toISOString(),
      ends_at: new Date(s.end).toISOString(),
      check_in: null,
      check_out: null,
      status: 'approved',
      note: '',
      created_at: created,
    })),
  );
  await batched(
    db,
    'booking_slots',
    slots.map((s, i) => ({ resource_id: 1, slot_key: slotKey(s.start), booking_id: i + 1 })),
  );
}

async function bench(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-bookings-'));
  const scratch = dialect === 'postgres' ? await scratchDatabase('hp_bench') : undefined;
  const handle = openDatabase({ databaseUrl: scratch?.url, dataDir });
  const from = addDays(berlinDate(Date.now()), 1);
  await migrateToLatest(handle.db);
  await fill(handle.db, from);
  await syncSequences(handle, ['locations', 'users', 'booking_resources', 'bookings']);
  const { sql } = await import('kysely');
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  else await sql`pragma optimize`.execute(handle.db);
  await handle.close();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
  });
  const rows: { dialect: string; endpoint: string; rps: number; p50: number; p99: number; non2xx: number }[] = [];
  try {
    const login = await fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apartment_number: 'B-0001', password: PASSWORD }),
    });
    const headers = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
    const weekPath = `/api/bookings/resources/1/availability/?from=${from}&days=7`;
    const first = (await (await fetch(server.url + weekPath, { headers })).json()) as {
      days: { slots: { state: string }[] }[];
    };
    const taken = first.days.flatMap((d) => d.slots).filter((s) => s.state !== 'free').length;
    if (taken !== IN_WINDOW) throw new Error(`Belegte Zeitfenster: ${taken}, erwartet ${IN_WINDOW}`);
    for (const [endpoint, p] of [
      ['Wochenansicht (1.000 Buchungen)', weekPath],
      ['Tagesansicht', `/api/bookings/resources/1/availability/?from=${from}&days=1`],
      ['Meine Buchungen', '/api/bookings/'],
    ] as const) {
      const r = await autocannon({ url: server.url + p, headers, connections: 10, duration: DURATION });
      rows.push({
        dialect,
        endpoint,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      });
    }
  } finally {
    await server.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const all = [];
for (const d of DIALECTS) {
  if (d === 'postgres' && !(await pgReachable())) {
    console.log('PostgreSQL nicht erreichbar: übersprungen');
    continue;
  }
  all.push(...(await bench(d as 'sqlite' | 'postgres')));
}
console.log(`\nBuchen: Wochenansicht einer Ressource mit ${IN_WINDOW} Buchungen im Fenster (${PAST} vergangene)`);
console.table(all);
const worst = Math.max(...all.map((r) => r.p99));
console.log(
  `schlechtester p99 der Wochenansicht: ${Math.max(...all.filter((r) => r.endpoint.startsWith('Woche')).map((r) => r.p99))} ms (Ziel: unter 20 ms); schlechtester p99 insgesamt: ${worst} ms`,
);
