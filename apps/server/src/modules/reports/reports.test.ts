import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { newComment, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';

const kinds = await dialects();
const ACK = 'Danke für Ihren Hinweis. Die Hausverwaltung prüft den Inhalt und teilt Ihnen die Entscheidung mit.';

/** DSA Art. 16/17: residents report, three reports hide, a manager decides, both sides learn the outcome. */
describe.each(kinds)('reports (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let author: TestUser;
  let reporters: TestUser[];
  let auth: { author: string; reporters: string[]; clara: string; dora: string; manager: string; seeManager: string };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    author = await newUser(t, { locationId: park, name: 'Rolf Rüpel' });
    reporters = [
      await newUser(t, { locationId: park, name: 'Melderin Eins' }),
      await newUser(t, { locationId: park, name: 'Melder Zwei' }),
      await newUser(t, { locationId: park, name: 'Melderin Drei' }),
    ];
    const clara = await newUser(t, { locationId: park, role: 'receptionist' });
    const dora = await newUser(t, { locationId: see });
    auth = {
      author: await signIn(t, author),
      reporters: await Promise.all(reporters.map((r) => signIn(t, r))),
      clara: await signIn(t, clara),
      dora: await signIn(t, dora),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] })),
      seeManager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see] })),
    };
  });
  afterAll(() => t.close());

  const report = (
    who: string,
    what: 'messages' | 'comments',
    id: number,
    payload: object = { reason: 'beleidigend' },
  ) => call(t.app, 'POST', `/api/${what}/${id}/report/`, { auth: who, payload });
  const commentIds = async (post: number, who: string) =>
    (await call(t.app, 'GET', `/api/messages/${post}/comments/`, { auth: who })).body.results.map(
      (c: { id: number }) => c.id,
    );

  it('acknowledges a report with a reason and an optional text, once per resident', async () => {
    const post = await newPost(t, author);
    const res = await report(auth.reporters[0]!, 'messages', post, { reason: 'rechtswidrig', text: 'Volksverhetzung' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', detail: ACK });
    const again = await report(auth.reporters[0]!, 'messages', post, { reason: 'spam' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const mine = await call(t.app, 'GET', '/api/reports/', { auth: auth.reporters[0] });
    expect(mine.body.results[0]).toEqual({
      id: res.body.id,
      kind: 'message',
      target_id: post,
      message_id: post,
      excerpt: expect.any(String),
      reason: 'rechtswidrig',
      text: 'Volksverhetzung',
      status: 'open',
      decision_reason: null,
      created_at: expect.any(String),
      decided_at: null,
    });
    expect(mine.body.count).toBe(1);
    const rows = await t.app.ctx.db.selectFrom('reports').select('id').where('target_id', '=', post).execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts every reason of the list, with unicode text, and nothing longer than 2000 characters', async () => {
    for (const reason of ['rechtswidrig', 'beleidigend', 'spam', 'persoenlich', 'sonstiges']) {
      const post = await newPost(t, author);
      const res = await report(auth.reporters[1]!, 'messages', post, { reason, text: 'Grüße 🙈 — Ärger' });
      expect(res.status, reason).toBe(201);
    }
    const post = await newPost(t, author);
    for (const payload of [
      { reason: 'Spam' },
      { reason: ['spam'] },
      { reason: 'spam', text: 'ä'.repeat(2001) },
      { reason: 'spam', text: 42 },
      {},
    ]) {
      const res = await report(auth.reporters[1]!, 'messages', post, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expectDrfError(res.body);
    }
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await call(t.app, 'POST', `/api/messages/${id}/report/`, {
        auth: auth.reporters[1],
        payload: { reason: 'spam' },
      });
      expect(res.status, id).toBe(400);
      expectDrfError(res.body);
    }
  });

  it('shows each resident only their own reports, newest first', async () => {
    const first = await newPost(t, author, { text: 'Erster' });
    const second = await newPost(t, author, { text: 'x'.repeat(400) });
    await report(auth.reporters[2]!, 'messages', first);
    await report(auth.reporters[2]!, 'messages', second, { reason: 'sonstiges' });
    await report(auth.clara, 'messages', second, { reason: 'spam' });
    const mine = await call(t.app, 'GET', '/api/reports/?page_size=2', { auth: auth.reporters[2] });
    expect(mine.status).toBe(200);
    expect(mine.body.results.map((r: { target_id: number }) => r.target_id)).toEqual([second, first]);
    expect(mine.body.results[0].excerpt.length).toBeLessThanOrEqual(151);
    expect(mine.body.results.every((r: { reason: string }) => r.reason !== 'spam')).toBe(true);
    const claras = await call(t.app, 'GET', '/api/reports/', { auth: auth.clara });
    expect(claras.body.results.map((r: { target_id: number }) => r.target_id)).toEqual([second]);
    expect((await call(t.app, 'GET', '/api/reports/', { auth: auth.dora })).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('refuses own content, unknown reasons, foreign, pending and missing items', async () => {
    const own = await newPost(t, author);
    const mine = await report(auth.author, 'messages', own);
    expect(mine.status).toBe(400);
    expect(mine.body).toEqual({ non_field_errors: ['Eigene Beiträge können nicht gemeldet werden.'] });
    const bad = await report(auth.reporters[0]!, 'messages', own, { reason: 'langweilig', text: 'x'.repeat(3000) });
    expect(bad.status).toBe(400);
    expectDrfError(bad.body);
    expect(bad.body.reason).toEqual(['Bitte wählen Sie einen Grund.']);
    const pending = await newPost(t, author, { status: 'pending' });
    for (const [who, id] of [
      [auth.dora, own],
      [auth.reporters[0]!, pending],
      [auth.reporters[0]!, 999_999],
    ] as const) {
      expect((await report(who, 'messages', id)).status).toBe(404);
    }
  });

  it('hides a comment reported by three residents, until the manager removes it with a reason both sides read', async () => {
    const post = await newPost(t, reporters[0]!);
    const comment = await newComment(t, post, author, { text: 'Ihr seid alle …' });
    await report(auth.reporters[0]!, 'comments', comment);
    await report(auth.reporters[1]!, 'comments', comment, { reason: 'beleidigend', text: 'Beleidigung' });
    expect(await commentIds(post, auth.clara)).toContain(comment);
    await report(auth.reporters[2]!, 'comments', comment);
    expect(await commentIds(post, auth.clara)).not.toContain(comment);
    const count = (await call(t.app, 'GET', `/api/messages/${post}/`, { auth: auth.clara })).body.comment_count;
    expect(count).toBe(0);

    const queue = await call(t.app, 'GET', '/api/admin/reports/', { auth: auth.manager });
    const item = queue.body.results.find((r: { kind: string; id: number }) => r.kind === 'comment' && r.id === comment);
    expect(item).toMatchObject({
      text: 'Ihr seid alle …',
      user_name: 'Rolf Rüpel',
      message_id: post,
      item_status: 'hidden',
      report_count: 3,
    });
    expect(item.reasons.map((r: { text: string }) => r.text)).toContain('Beleidigung');
    expect(JSON.stringify(queue.body)).not.toMatch(/Melde/);
    expect((await call(t.app, 'GET', '/api/admin/reports/', { auth: auth.seeManager })).body.count).toBe(0);

    const foreign = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.seeManager,
      payload: { kind: 'comment', id: comment, decision: 'remove', reason: 'Beleidigung' },
    });
    expect(foreign.status).toBe(404);
    const noReason = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'comment', id: comment, decision: 'remove' },
    });
    expect(noReason.body).toEqual({ reason: ['Bitte geben Sie eine Begründung an.'] });
    const decided = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'comment', id: comment, decision: 'remove', reason: 'Beleidigung von Nachbarn.' },
    });
    expect(decided.body).toEqual({ kind: 'comment', id: comment, decision: 'remove' });

    const seenByReporter = await call(t.app, 'GET', '/api/reports/', { auth: auth.reporters[1] });
    expect(seenByReporter.body.results.find((r: { target_id: number }) => r.target_id === comment)).toMatchObject({
      status: 'removed',
      decision_reason: 'Beleidigung von Nachbarn.',
      excerpt: 'Ihr seid alle …',
    });
    const seenByAuthor = await call(t.app, 'GET', `/api/messages/${post}/comments/`, { auth: auth.author });
    expect(seenByAuthor.body.results.find((c: { id: number }) => c.id === comment)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Beleidigung von Nachbarn.',
    });
    const seenByOthers = await call(t.app, 'GET', `/api/messages/${post}/comments/`, { auth: auth.reporters[0] });
    expect(seenByOthers.body.results.find((c: { id: number }) => c.id === comment)).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/admin/reports/', { auth: auth.manager })).body.results).not.toContainEqual(
      expect.objectContaining({ kind: 'comment', id: comment }),
    );
    const entry = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'location_id'])
      .where('entity', '=', 'comment')
      .where('entity_id', '=', comment)
      .where('action', '=', 'report_removed')
      .executeTakeFirstOrThrow();
    expect(entry.location_id).toBe(park);
  });

  const feed = async (who: string) => (await call(t.app, 'GET', '/api/messages/?page_size=100', { auth: who })).body;
  const feedIds = async (who: string) => (await feed(who)).results.map((m: { id: number }) => m.id);
  const audits = (entity: string, id: number) =>
    t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'location_id', 'before', 'after'])
      .where('entity', '=', entity)
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('puts a hidden post back when the manager keeps it, and tells the reporters', async () => {
    const post = await newPost(t, author, { text: 'Grillfest am Samstag' });
    const countBefore = (await feed(auth.clara)).count;
    for (const who of auth.reporters) await report(who, 'messages', post, { reason: 'spam' });
    for (const who of [auth.clara, auth.reporters[0]!]) {
      expect(await feedIds(who)).not.toContain(post);
      expect((await feed(who)).count).toBe(countBefore - 1);
      expect((await call(t.app, 'GET', `/api/messages/${post}/`, { auth: who })).status).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/messages/${post}/`, { auth: auth.author })).body.status).toBe('pending');
    // A hidden item cannot be commented on or reported further by someone who cannot see it.
    const comment = await call(t.app, 'POST', `/api/messages/${post}/comments/`, {
      auth: auth.clara,
      payload: { text: 'Hallo' },
    });
    expect(comment.status).toBe(404);
    const queued = await call(t.app, 'GET', '/api/admin/reports/', { auth: auth.manager });
    expect(
      queued.body.results.find((r: { id: number; kind: string }) => r.kind === 'message' && r.id === post),
    ).toMatchObject({ item_status: 'hidden', report_count: 3, reasons: expect.any(Array) });
    const decided = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'message', id: post, decision: 'keep', reason: 'Keine Werbung, ein Hausfest.' },
    });
    expect(decided.body).toEqual({ kind: 'message', id: post, decision: 'keep' });
    expect(await feedIds(auth.clara)).toContain(post);
    expect((await feed(auth.clara)).count).toBe(countBefore);
    const log = await audits('message', post);
    expect(log.map((e) => e.action)).toEqual(['message_hidden_by_reports', 'report_kept']);
    expect(log.every((e) => e.location_id === park)).toBe(true);
    expect(log.map((e) => [JSON.parse(e.before!), JSON.parse(e.after!)])).toEqual([
      [{ status: 'approved' }, { status: 'hidden' }],
      [{ status: 'hidden' }, { status: 'approved' }],
    ]);
    const again = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'message', id: post, decision: 'remove', reason: 'Doch nicht.' },
    });
    expect(again.status).toBe(404);
    const mine = await call(t.app, 'GET', '/api/reports/', { auth: auth.reporters[2] });
    expect(mine.body.results.find((r: { target_id: number }) => r.target_id === post)).toMatchObject({
      status: 'kept',
      decision_reason: 'Keine Werbung, ein Hausfest.',
    });
  });

  it('takes a reported post down with a reason the author reads in the feed, and the reporter in their reports', async () => {
    const post = await newPost(t, author, { text: 'Kaufe Ihre Daten' });
    await report(auth.reporters[0]!, 'messages', post, { reason: 'spam', text: 'Werbung' });
    const countBefore = (await feed(auth.clara)).count;
    const res = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'message', id: post, decision: 'remove', reason: '  Werbung ist nicht erlaubt.  ' },
    });
    expect(res.status).toBe(200);
    const own = (await feed(auth.author)).results.find((m: { id: number }) => m.id === post);
    expect(own).toMatchObject({ status: 'rejected', rejection_reason: 'Werbung ist nicht erlaubt.' });
    expect(await feedIds(auth.clara)).not.toContain(post);
    expect((await feed(auth.clara)).count).toBe(countBefore - 1);
    expect(JSON.stringify(await feed(auth.reporters[0]!))).not.toContain('Werbung ist nicht erlaubt.');
    const mine = await call(t.app, 'GET', '/api/reports/', { auth: auth.reporters[0] });
    expect(mine.body.results.find((r: { target_id: number }) => r.target_id === post)).toMatchObject({
      status: 'removed',
      decision_reason: 'Werbung ist nicht erlaubt.',
      decided_at: expect.any(String),
    });
    const removed = await call(t.app, 'GET', '/api/admin/reports/?status=removed', { auth: auth.manager });
    expect(removed.body.results.find((r: { id: number }) => r.id === post)).toMatchObject({
      item_status: 'rejected',
      report_count: 1,
      reasons: [{ reason: 'spam', text: 'Werbung', created_at: expect.any(String) }],
    });
    const [entry] = await audits('message', post);
    expect(entry).toMatchObject({ action: 'report_removed', location_id: park });
    expect(JSON.parse(entry!.before!)).toEqual({ status: 'approved' });
    expect(JSON.parse(entry!.after!)).toEqual({ status: 'rejected' });
  });

  it('refuses a decision without open reports, outside the manager’s locations, or malformed', async () => {
    const quiet = await newPost(t, author);
    const none = await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'message', id: quiet, decision: 'keep' },
    });
    expect(none.status).toBe(404);
    for (const payload of [
      { kind: 'like', id: quiet, decision: 'keep' },
      { kind: 'message', id: 'x', decision: 'keep' },
      { kind: 'message', id: quiet, decision: 'delete' },
      { kind: 'message', id: quiet, decision: 'remove', reason: ' ' },
      { kind: 'message', id: quiet, decision: 'remove', reason: 'x'.repeat(1001) },
    ]) {
      const res = await call(t.app, 'POST', '/api/admin/reports/decision/', { auth: auth.manager, payload });
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expectDrfError(res.body);
    }
    for (const who of [auth.author, auth.clara]) {
      const res = await call(t.app, 'POST', '/api/admin/reports/decision/', {
        auth: who,
        payload: { kind: 'message', id: quiet, decision: 'keep' },
      });
      expect(res.status).toBe(403);
    }
  });

  it("lists a resident's reports about one post and its comments, for 'Gemeldet' on the post's page", async () => {
    const post = await newPost(t, author);
    const other = await newPost(t, author);
    const comment = await newComment(t, post, author);
    expect((await report(auth.reporters[1]!, 'comments', comment)).status).toBe(201);
    expect((await report(auth.reporters[1]!, 'messages', other)).status).toBe(201);
    const about = async (who: string, id: number | string) =>
      call(t.app, 'GET', `/api/reports/?message_id=${id}`, { auth: who });
    const mine = await about(auth.reporters[1]!, post);
    expect(mine.status).toBe(200);
    expect(mine.body.results.map((r: { kind: string; target_id: number }) => [r.kind, r.target_id])).toEqual([
      ['comment', comment],
    ]);
    // Another resident's reports are never part of it.
    expect((await about(auth.reporters[2]!, post)).body.count).toBe(0);
    const bad = await about(auth.reporters[1]!, 'abc');
    expect(bad.status).toBe(400);
    expectDrfError(bad.body);
  });
});
