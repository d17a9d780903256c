// `npm run bench:parcels` (and part of `npm run bench`): the reception's open-parcel list of a
// location with 500 apartments (issue 24: p99 under 20 ms). Fills fresh SQLite and PostgreSQL
// databases with 1 location, 500 resident accounts, a receptionist, 1,500 open parcels and 30,000
// handed over, starts the real server in its own process and loads it with autocannon. Prints
// req/s, p50 and p99 per endpoint; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase, syncSequences, type DB } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { pgReachable, scratchDatabase } from '../apps/server/test/postgres.js';
import { startServer } from './server.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const PASSWORD = 'Bench1234!';
const APARTMENTS = 500;
const OPEN = 1_500;
const DONE = 30_000;
const CARRIERS = ['DHL', 'Hermes', 'DPD', 'GLS', 'UPS', 'Amazon', 'Post', 'Sonstige'];

const apt = (i: number) => `P-${String(i + 1).padStart(4, '0')}`;

async function batched(db: DB, table: 'users' | 'parcels', rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

async function fill(db: DB) {
  const now = Date.now();
  const created = new Date(now).toISOString();
  const hash = await hashPassword(PASSWORD);
  await db
    .insertInto('locations')
    .values({
      id: 1,
      title: 'Paketstandort',
      name: 'Paketstandort',
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
  const user = (i: number, role: 'resident' | 'receptionist', number: string) => ({
    id: i + 1,
    location_id: 1,
    role,
    login: number.toLowerCase(),
    apartment_number: number,
    name: `Person ${i + 1}`,
    email: `p${i + 1}@example.org`,
    password_hash: hash,
    profile_picture: null,
    emergency_services_deactivated: 0,
    language: 'de',
    is_active: 1,
    created_at: created,
  });
  await batched(db, 'users', [
    ...Array.from({ length: APARTMENTS }, (_, i) => user(i, 'resident', apt(i))),
    user(APARTMENTS, 'receptionist', 'P-REZ'),
  ]);
  const rez = APARTMENTS + 1;
  const parcel = (i: number, open: boolean) => {
    const at = new Date(now - (open ? (i % 240) * 3_600_000 : (i % 365) * 86_400_000 + 86_400_000)).toISOString();
    return {
      location_id: 1,
      apartment_number: apt((i * 7) % APARTMENTS),
      carrier: CARRIERS[i % CARRIERS.length]!,
      pieces: 1 + (i % 3),
      storage_place: `Regal ${String.fromCharCode(65 + (i % 6))}`,
      note: '',
      status: open ? 'open' : 'handed_over',
      logged_by: rez,
      logged_at: at,
      handed_over_by: open ? null : rez,
      handed_over_at: open ? null : at,
      handover_note: '',
      idempotency_key: `bench-${open ? 'o' : 'd'}-${i}`,
      request_sha256: '',
    };
  };
  await batched(db, 'parcels', [
    ...Array.from({ length: OPEN }, (_, i) => parcel(i, true)),
    ...Array.from({ length: DONE }, (_, i) => parcel(i, false)),
  ]);
  const seen = new Set<string>();
  const codes: Record<string, unknown>[] = [];
  for (let i = 0; i < OPEN; i++) {
    const number = apt((i * 7) % APARTMENTS);
    if (seen.has(number)) continue;
    seen.add(number);
    codes.push({ location_id: 1, apartment_number: number, code: String(1000 + codes.length), created_at: created });
  }
  for (let i = 0; i < codes.length; i += 500)
    await db
      .insertInto('parcel_codes')
      .values(codes.slice(i, i + 500) as never)
      .execute();
}

async function bench(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-bench-parcels-'));
  const scratch = dialect === 'postgres' ? await scratchDatabase('hp_bench') : undefined;
  const handle = openDatabase({ databaseUrl: scratch?.url, dataDir });
  await migrateToLatest(handle.db);
  await fill(handle.db);
  await syncSequences(handle, ['locations', 'users', 'parcels']);
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
      body: JSON.stringify({ apartment_number: 'P-REZ', password: PASSWORD }),
    });
    const headers = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
    const first = (await (await fetch(`${server.url}/api/reception/parcels/?status=open`, { headers })).json()) as {
      count: number;
    };
    if (first.count !== OPEN) throw new Error(`Offene Pakete: ${first.count}, erwartet ${OPEN}`);
    for (const [endpoint, p] of [
      ['offene Pakete, Seite 1', '/api/reception/parcels/?status=open'],
      ['offene Pakete, Seite 10', '/api/reception/parcels/?status=open&page=10'],
      ['offene Pakete einer Wohnung', '/api/reception/parcels/?status=open&apartment=P-0008'],
      ['offene Pakete zum Abholcode', '/api/reception/parcels/?status=open&code=1001'],
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
console.log(
  `\nRezeption: offene Pakete eines Standorts mit ${APARTMENTS} Wohnungen (${OPEN} offen, ${DONE} übergeben)`,
);
console.table(all);
const worst = Math.max(...all.map((r) => r.p99));
console.log(`schlechtester p99: ${worst} ms (Ziel: unter 20 ms)`);
