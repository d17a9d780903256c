// `npm run bench:bookings` (and part of `npm run bench`): a resource's week view with 1,000
// bookings in the window (p99 under 20 ms). Fills fresh SQLite and PostgreSQL databases
// with 1 location, 100 residents, a resource of 10-minute slots round the clock and 1,000
// bookings (with their booking_slots rows) in the coming week plus 20,000 in the past, starts the
// real server in its own process and loads it with autocannon (bench/endpoints.ts). Prints req/s,
// p50, p99; not a test.
import { benchEndpoints } from './endpoints.js';
import { bookingsBench, IN_WINDOW, PAST } from './fills/bookings.js';

const rows = await benchEndpoints(bookingsBench);
console.log(`\nBuchen: Wochenansicht einer Ressource mit ${IN_WINDOW} Buchungen im Fenster (${PAST} vergangene)`);
console.table(rows);
const week = rows.filter((r) => r.endpoint.startsWith('Woche')).map((r) => r.p99);
console.log(
  `schlechtester p99 der Wochenansicht: ${Math.max(...week)} ms (Ziel: unter 20 ms); schlechtester p99 insgesamt: ${Math.max(...rows.map((r) => r.p99))} ms`,
);
