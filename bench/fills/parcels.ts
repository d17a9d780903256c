// The parcels bench's database and endpoints (bench/parcels.bench.ts, `npm run bench:compare`).
import type { DB } from '../../apps/server/src/db/database.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import type { EndpointBench } from '../endpoints.js';
import { BENCH_PASSWORD, benchLocation, benchUser, insertBatched } from '../fill.js';

export const APARTMENTS = 500;
export const OPEN = 1_500;
export const DONE = 30_000;
const CARRIERS = ['DHL', 'Hermes', 'DPD', 'GLS', 'UPS', 'Amazon', 'Post', 'Sonstige'];

const apt = (i: number) => `P-${String(i + 1).padStart(4, '0')}`;

async function fill(db: DB) {
  const now = Date.now();
  const created = new Date(now).toISOString();
  const hash = await hashPassword(BENCH_PASSWORD);
  await db
    .insertInto('locations')
    .values(benchLocation(1, 'Paketstandort', created))
    .execute();
  await insertBatched(db, 'users', [
    ...Array.from({ length: APARTMENTS }, (_, i) => benchUser(i + 1, 1, 'resident', apt(i), hash, created)),
    benchUser(APARTMENTS + 1, 1, 'receptionist', 'P-REZ', hash, created),
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
      status: open ? ('open' as const) : ('handed_over' as const),
      logged_by: rez,
      logged_at: at,
      handed_over_by: open ? null : rez,
      handed_over_at: open ? null : at,
      handover_note: '',
      idempotency_key: `bench-${open ? 'o' : 'd'}-${i}`,
      request_sha256: '',
    };
  };
  await insertBatched(db, 'parcels', [
    ...Array.from({ length: OPEN }, (_, i) => parcel(i, true)),
    ...Array.from({ length: DONE }, (_, i) => parcel(i, false)),
  ]);
  const seen = new Set<string>();
  const codes: { location_id: number; apartment_number: string; code: string; created_at: string }[] = [];
  for (let i = 0; i < OPEN; i++) {
    const number = apt((i * 7) % APARTMENTS);
    if (seen.has(number)) continue;
    seen.add(number);
    codes.push({ location_id: 1, apartment_number: number, code: String(1000 + codes.length), created_at: created });
  }
  await insertBatched(db, 'parcel_codes', codes);
}

export const parcelsBench: EndpointBench = {
  name: 'parcels',
  fill,
  sequences: ['locations', 'users', 'parcels'],
  login: { apartment_number: 'P-REZ', password: BENCH_PASSWORD },
  check: async (get) => {
    const first = (await get('/api/reception/parcels/?status=open')) as { count: number };
    if (first.count !== OPEN) throw new Error(`Offene Pakete: ${first.count}, erwartet ${OPEN}`);
  },
  endpoints: [
    ['offene Pakete, Seite 1', '/api/reception/parcels/?status=open'],
    ['offene Pakete, Seite 10', '/api/reception/parcels/?status=open&page=10'],
    ['offene Pakete einer Wohnung', '/api/reception/parcels/?status=open&apartment=P-0008'],
    ['offene Pakete zum Abholcode', '/api/reception/parcels/?status=open&code=1001'],
  ],
};
