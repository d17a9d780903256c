import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, postgresAvailable, type TestDatabase } from '../../test/harness.js';
import { migrateToLatest } from '../db/database.js';
import { claimDue } from './claim.js';

// PostgreSQL claims with FOR UPDATE SKIP LOCKED (ADR 017): a row another sender has locked is
// passed over at once, where the portable compare-and-set would wait for that sender's commit.
describe.runIf(await postgresAvailable())('outbox claim on PostgreSQL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase('postgres');
    await migrateToLatest(t.handle.db);
    const now = new Date(Date.now() - 1000).toISOString();
    await t.handle.db
      .insertInto('email_outbox')
      .values(
        ['erste', 'zweite'].map((subject, i) => ({
          to_address: `${subject}@example.org`,
          subject,
          body_text: 'x',
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: new Date(Date.parse(now) + i).toISOString(),
          created_at: now,
          message_id: `<${subject}@test>`,
          locked_until: null,
          first_error_at: null,
          body_html: null,
          unsubscribe_url: null,
        })),
      )
      .execute();
  });
  afterAll(() => t.drop());

  it('skips the row another sender holds locked and takes the next, without waiting', async () => {
    const { db } = t.handle;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Another sender, in its own transaction, holds the oldest row.
    const other = db.transaction().execute(async (trx) => {
      await sql`select id from email_outbox where subject = 'erste' for update`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const started = Date.now();
    const row = await claimDue<{ id: number; attempts: number; subject: string }>(db, 'email_outbox', 60_000);
    expect(row).toMatchObject({ subject: 'zweite', attempts: 0 });
    expect(Date.now() - started).toBeLessThan(2_000);
    release();
    await other;
    // Once free, the first is taken; then nothing is left that nobody holds.
    expect(await claimDue<{ subject: string; id: number; attempts: number }>(db, 'email_outbox', 60_000)).toMatchObject(
      {
        subject: 'erste',
      },
    );
    expect(await claimDue(db, 'email_outbox', 60_000)).toBeNull();
  });
});
