import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { newComment, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';

const kinds = await dialects();
const ACK = 'Danke für Ihre Meldung. Die Hausverwaltung prüft den Inhalt und teilt Ihnen die Entscheidung mit.';

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
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(res.body.id);
    const mine = await call(t.app, 'GET', '/api/reports/', { auth: auth.reporters[0] });
    expect(mine.body.results[0]).toMatchObject({
      kind: 'message',
      target_id: post,
      reason: 'rechtswidrig',
      status: 'open',
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

  it('puts a hidden post back when the manager keeps it, and tells the reporters', async () => {
    const post = await newPost(t, author, { text: 'Grillfest am Samstag' });
    for (const who of auth.reporters) await report(who, 'messages', post, { reason: 'spam' });
    const feed = async () =>
      (await call(t.app, 'GET', '/api/messages/', { auth: auth.clara })).body.results.map((m: { id: number }) => m.id);
    expect(await feed()).not.toContain(post);
    expect((await call(t.app, 'GET', `/api/messages/${post}/`, { auth: auth.author })).body.status).toBe('pending');
    await call(t.app, 'POST', '/api/admin/reports/decision/', {
      auth: auth.manager,
      payload: { kind: 'message', id: post, decision: 'keep', reason: 'Keine Werbung, ein Hausfest.' },
    });
    expect(await feed()).toContain(post);
    const mine = await call(t.app, 'GET', '/api/reports/', { auth: auth.reporters[2] });
    expect(mine.body.results.find((r: { target_id: number }) => r.target_id === post)).toMatchObject({
      status: 'kept',
      decision_reason: 'Keine Werbung, ein Hausfest.',
    });
  });
});
