// `npm run bench:sync` (and part of `npm run bench`): the ERP's resident sync,
// `POST /api/integration/residents/sync` with 5,000 records over real HTTP (issue: under 30 s on
// PostgreSQL). Per dialect a fresh database with one location and an API key (residents:write),
// the real server in its own process (bench/endpoints.ts), then three calls as an ERP makes them:
// 1. the first sync: every resident created (those whose access is open get the invitation queued);
// 2. the same records again: all unchanged, nothing written;
// 3. a month later: 250 moved out (not named, `deactivate_missing`), 250 moved in, 500 of the
//    others changed (name, e-mail, move-out), so 10 % updated.
// Prints seconds and records/s per call with the reported figures; not a test.
import { MAX_SYNC_RECORDS, type IntegrationSyncRecord } from '@hausportal/contract';
import type { DB } from '../apps/server/src/db/database.js';
import { API_KEY_SHOWN, hashToken, newApiKey } from '../apps/server/src/lib/tokens.js';
import { insertKey } from '../apps/server/src/modules/integration/api-keys.repository.js';
import { onFilledServers } from './endpoints.js';
import { benchLocation } from './fill.js';

const RECORDS = MAX_SYNC_RECORDS;
const MOVED = 250;
const CHANGED = 500;
const KEY = newApiKey();

const record = (i: number): IntegrationSyncRecord => ({
  external_id: `WODIS-${String(100_000 + i)}-01`,
  location_id: 1,
  apartment_number: `W-${String(i + 1).padStart(5, '0')}`,
  name: `Person ${i + 1} Mustermann`,
  email: `person${i + 1}@example.org`,
  // Every field, as an ERP export sends them (about 1.3 MB for 5,000).
  is_receptionist: false,
  emergency_services_deactivated: false,
  is_active: true,
  // Most moved in long ago (access open: the invitation goes out); every tenth moves in next year.
  move_in_on: i % 10 === 0 ? `${new Date().getUTCFullYear() + 1}-03-01` : '2019-04-01',
  move_out_on: null,
});

const first = Array.from({ length: RECORDS }, (_, i) => record(i));
const third = [
  ...first.slice(0, RECORDS - MOVED).map((r, i) => {
    // Every ninth of the first 4,500 changes: its name, its e-mail or its move-out in turn.
    if (i % 9 !== 4 || i >= CHANGED * 9) return r;
    const kind = ((i - 4) / 9) % 3;
    if (kind === 0) return { ...r, name: `${r.name} (verh. Schmidt)` };
    if (kind === 1) return { ...r, email: `neu.${r.email}` };
    return { ...r, move_out_on: `${new Date().getUTCFullYear() + 1}-06-30` };
  }),
  ...Array.from({ length: MOVED }, (_, i) => record(RECORDS + i)),
];

interface Expected {
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
}
const runs: {
  label: string;
  body: { records: IntegrationSyncRecord[]; deactivate_missing?: boolean };
  expect: Expected;
}[] = [
  {
    label: '1. erster Abgleich',
    body: { records: first },
    expect: { created: RECORDS, updated: 0, unchanged: 0, deactivated: 0 },
  },
  {
    label: '2. derselbe noch einmal',
    body: { records: first },
    expect: { created: 0, updated: 0, unchanged: RECORDS, deactivated: 0 },
  },
  {
    label: '3. 10 % geändert, deactivate_missing',
    body: { records: third, deactivate_missing: true },
    expect: { created: MOVED, updated: CHANGED, unchanged: RECORDS - MOVED - CHANGED, deactivated: MOVED },
  },
];

async function fill(db: DB) {
  const created = new Date().toISOString();
  await db
    .insertInto('locations')
    .values(benchLocation(1, 'Wohnanlage mit ERP', created))
    .execute();
  await insertKey(db, {
    name: 'ERP-Abgleich (Bench)',
    prefix: KEY.slice(0, API_KEY_SHOWN),
    keyHash: hashToken(KEY),
    scopes: ['residents:write'],
    locationIds: [1],
    createdBy: null,
    createdAt: created,
    expiresAt: null,
  });
}

const rows = await onFilledServers({ name: 'sync', fill, sequences: ['locations'] }, async (url, dialect) => {
  const out = [];
  for (const run of runs) {
    const body = JSON.stringify(run.body);
    const started = performance.now();
    const res = await fetch(`${url}/api/integration/residents/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body,
    });
    const text = await res.text();
    const seconds = (performance.now() - started) / 1000;
    if (!res.ok) throw new Error(`${run.label}: ${res.status} ${text.slice(0, 500)}`);
    const got = JSON.parse(text) as Expected & { errors: unknown[] };
    for (const [k, v] of Object.entries(run.expect))
      if (got[k as keyof Expected] !== v)
        throw new Error(`${run.label}: ${k} ${got[k as keyof Expected]}, erwartet ${v}`);
    out.push({
      dialect,
      Lauf: run.label,
      Datensätze: run.body.records.length,
      'kB gesendet': Math.round(Buffer.byteLength(body) / 1024),
      Sekunden: Number(seconds.toFixed(2)),
      'Datensätze/s': Math.round(run.body.records.length / seconds),
      angelegt: got.created,
      geändert: got.updated,
      unverändert: got.unchanged,
      deaktiviert: got.deactivated,
      Fehler: got.errors.length,
    });
  }
  return out;
});
console.log(`\nBewohner-Abgleich aus dem ERP: POST /api/integration/residents/sync mit ${RECORDS} Datensätzen`);
console.table(rows);
const pg = rows.filter((r) => r.dialect === 'postgres').map((r) => r.Sekunden);
if (pg.length) console.log(`längster Abgleich auf PostgreSQL: ${Math.max(...pg)} s (Ziel: unter 30 s)`);
