import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call, pngImage, uploadAttachment } from '../../../test/helpers.js';

// A photo upload to one pending post and the approval of another pending
// post of the same resident took the author's and the location's rows in opposite orders on
// PostgreSQL (1 deadlock in 36 trials, 500 'deadlock detected' under load).
describe.each(await dialects())('lock order of posts and approvals (%s)', (dialect) => {
  let t: TestApp;
  let resident: TestUser;
  let neighbour: TestUser;
  let residentAuth: string;
  let managerAuth: string;

  beforeAll(async () => {
    t = await startApp(dialect);
    resident = await newUser(t);
    neighbour = await newUser(t, { locationId: resident.locationId });
    const manager = await newUser(t, { role: 'manager', managerOf: [resident.locationId!] });
    [residentAuth, managerAuth] = await Promise.all([signIn(t, resident), signIn(t, manager)]);
  });
  afterAll(() => t.close());

  const approve = (id: number) =>
    call(t.app, 'PUT', `/api/admin/messages/${id}/moderation/`, { auth: managerAuth, payload: { status: 'approved' } });
  const approveAll = (ids: number[]) =>
    call(t.app, 'POST', '/api/admin/moderation/bulk/', {
      auth: managerAuth,
      payload: { status: 'approved', items: ids.map((id) => ({ kind: 'message', id })) },
    });

  it('uploads a photo to one pending post while another of the same author is approved, 20 times at once', async () => {
    const photo = { filename: 'flur.png', type: 'image/png', data: await pngImage() };
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => [
        await newPost(t, resident, { status: 'pending' }),
        await newPost(t, resident, { status: 'pending' }),
      ]),
    );
    const replies = await Promise.all(
      pairs.flatMap(([upload, approval]) => [
        uploadAttachment(t.app, residentAuth, upload!, photo),
        approve(approval!),
      ]),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([...Array(20).fill(200), ...Array(20).fill(201)]);
    const detail = await Promise.all(
      pairs.map(([up]) => call(t.app, 'GET', `/api/messages/${up}/`, { auth: residentAuth })),
    );
    expect(detail.map((r) => r.body.documents.length)).toEqual(Array(20).fill(1));
  });

  it('approves two authors’ posts in crossing order at once without a failure', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 10 }, async () => ({
        a: [await newPost(t, resident, { status: 'pending' }), await newPost(t, neighbour, { status: 'pending' })],
        b: [await newPost(t, neighbour, { status: 'pending' }), await newPost(t, resident, { status: 'pending' })],
      })),
    );
    const replies = await Promise.all(rounds.flatMap(({ a, b }) => [approveAll(a), approveAll(b)]));
    expect(replies.map((r) => [r.status, r.body])).toEqual(replies.map(() => [200, { approved: 2 }]));
  });

  it('retries a transaction once when the database reports a deadlock or serialization failure', async () => {
    let runs = 0;
    const result = await inTransaction(t.app.ctx.db, async () => {
      runs += 1;
      if (runs === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'gespeichert';
    });
    expect([result, runs]).toEqual(['gespeichert', 2]);

    runs = 0;
    const twice = inTransaction(t.app.ctx.db, async () => {
      runs += 1;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(twice).rejects.toThrow('could not serialize access');
    expect(runs).toBe(2);
  });

  // Row locks are PostgreSQL's; SQLite has one writer at a time, so the test exists only there.
  if (dialect === 'postgres')
    it('takes the author before the location in every statement, so the two paths wait instead of deadlocking', async () => {
      const { db } = t.app.ctx;
      const [uploadTo, approveId] = [
        await newPost(t, resident, { status: 'pending' }),
        await newPost(t, resident, { status: 'pending' }),
      ];
      // The upload's first statement (addAttachmentWithinLimit): it locks the post and its author.
      const upload = await db.startTransaction().execute();
      await upload.updateTable('messages').set({ status: 'pending' }).where('id', '=', uploadTo).execute();
      // The approval in a second connection: it must now wait for the author, holding nothing.
      const approval = await db.startTransaction().execute();
      const approved = approval
        .updateTable('messages')
        .set({ status: 'approved' })
        .where('id', '=', approveId)
        .execute()
        .then(() => approval.commit().execute());
      for (let i = 0; i < 200; i++) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'update "messages"%'`.execute(db);
        if (waiting.rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      // The upload's second statement raises the location's feed version. In the old order the
      // approval held the location and waited for the author: PostgreSQL broke the deadlock here.
      await upload
        .insertInto('message_documents')
        .values({
          message_id: uploadTo,
          kind: 'image',
          name: 'Flur',
          file_key: 'posts/gibt-es-nicht.png',
          thumbnail_key: null,
          content_type: 'image/png',
          size: 1,
          created_at: nowIso(),
        })
        .execute();
      await upload.commit().execute();
      await approved;
      const rows = await db
        .selectFrom('messages')
        .select(['id', 'status'])
        .where('id', 'in', [uploadTo, approveId])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: uploadTo, status: 'pending' },
        { id: approveId, status: 'approved' },
      ]);
    });
});
