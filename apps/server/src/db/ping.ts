import { sql } from 'kysely';
import type { DB } from './database.js';

/** One round trip to the database (GET /api/ready/): resolves when it answers a query. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
