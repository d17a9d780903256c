// `npm run bench:parcels` (and part of `npm run bench`): the reception's open-parcel list of a
// location with 500 apartments (p99 under 20 ms). Fills fresh SQLite and PostgreSQL
// databases with 1 location, 500 resident accounts, a receptionist, 1,500 open parcels and 30,000
// handed over, starts the real server in its own process and loads it with autocannon
// (bench/endpoints.ts). Prints req/s, p50 and p99 per endpoint; not a test.
import { benchEndpoints } from './endpoints.js';
import { parcelsBench, APARTMENTS, DONE, OPEN } from './fills/parcels.js';

const rows = await benchEndpoints(parcelsBench);
console.log(
  `\nRezeption: offene Pakete eines Standorts mit ${APARTMENTS} Wohnungen (${OPEN} offen, ${DONE} übergeben)`,
);
console.table(rows);
console.log(`schlechtester p99: ${Math.max(...rows.map((r) => r.p99))} ms (Ziel: unter 20 ms)`);
