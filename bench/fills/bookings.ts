// The bookings bench's database and endpoints (bench/bookings.bench.ts, `npm run bench:compare`).
import type { DB } from '../../apps/server/src/db/database.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { addDays, berlinDate, slotKey, slotsOfDay } from '../../apps/server/src/modules/bookings/bookings.time.js';
import type { EndpointBench } from '../endpoints.js';
import { BENCH_PASSWORD, benchLocation, benchUser, insertBatched } from '../fill.js';

const RESIDENTS = 100;
export const IN_WINDOW = 1_000;
export const PAST = 20_000;
const RESOURCE = { slot_minutes: 10, day_start: '00:00', day_end: '23:59' };
const apt = (i: number) => `B-${String(i + 1).padStart(4, '0')}`;
/** The week shown: from tomorrow (Berlin). */
const from = addDays(berlinDate(Date.now()), 1);

async function fill(db: DB) {
  const created = new Date().toISOString();
  const hash = await hashPassword(BENCH_PASSWORD);
  await db
    .insertInto('locations')
    .values(benchLocation(1, 'Buchungsstandort', created))
    .execute();
  await insertBatched(
    db,
    'users',
    Array.from({ length: RESIDENTS }, (_, i) => benchUser(i + 1, 1, 'resident', apt(i), hash, created)),
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
  await insertBatched(
    db,
    'bookings',
    slots.map((s, i) => ({
      id: i + 1,
      resource_id: 1,
      location_id: 1,
      user_id: (i % RESIDENTS) + 1,
      apartment_number: apt(i % RESIDENTS),
      starts_at: new Date(s.start).toISOString(),
      ends_at: new Date(s.end).toISOString(),
      check_in: null,
      check_out: null,
      status: 'approved' as const,
      note: '',
      created_at: created,
    })),
  );
  await insertBatched(
    db,
    'booking_slots',
    slots.map((s, i) => ({ resource_id: 1, slot_key: slotKey(s.start), booking_id: i + 1 })),
  );
}

const weekPath = `/api/bookings/resources/1/availability/?from=${from}&days=7`;
export const bookingsBench: EndpointBench = {
  name: 'bookings',
  fill,
  sequences: ['locations', 'users', 'booking_resources', 'bookings'],
  login: { apartment_number: apt(0), password: BENCH_PASSWORD },
  check: async (get) => {
    const week = (await get(weekPath)) as { days: { slots: { state: string }[] }[] };
    const taken = week.days.flatMap((d) => d.slots).filter((s) => s.state !== 'free').length;
    if (taken !== IN_WINDOW) throw new Error(`Belegte Zeitfenster: ${taken}, erwartet ${IN_WINDOW}`);
  },
  endpoints: [
    ['Wochenansicht (1.000 Buchungen)', weekPath],
    ['Tagesansicht', `/api/bookings/resources/1/availability/?from=${from}&days=1`],
    ['Meine Buchungen', '/api/bookings/'],
  ],
};
