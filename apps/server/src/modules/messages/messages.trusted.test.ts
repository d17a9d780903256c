import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call, pngImage, uploadAttachment } from '../../../test/helpers.js';

const kinds = await dialects();

/**
 * A trusted role (issue 33 §7): where a location says 'Rezeption veröffentlicht ohne Freigabe',
 * the reception's posts and comments appear at once, recorded as moderated by their author; the
 * readers hear of them as of approved ones, the author is not told of their own approval. Other
 * locations, and residents everywhere, still wait for moderation.
 */
describe.each(kinds)('the reception publishes without moderation where trusted (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  let clara: TestUser;
  let seeDesk: TestUser;
  let auth: Record<'anna' | 'clara' | 'seeDesk' | 'manager', string>;

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    anna = await newUser(t, { locationId: park, email: 'anna@example.org' });
    clara = await newUser(t, { locationId: park, role: 'receptionist', email: 'rezeption@example.org' });
    seeDesk = await newUser(t, { locationId: see, role: 'receptionist', email: 'see-rezeption@example.org' });
    const manager = await newUser(t, { role: 'manager', managerOf: [park, see] });
    auth = {
      anna: await signIn(t, anna),
      clara: await signIn(t, clara),
      seeDesk: await signIn(t, seeDesk),
      manager: await signIn(t, manager),
    };
  });
  afterAll(() => t.close());

  const feed = async (who: string) =>
    (await call(t.app, 'GET', '/api/messages/', { auth: who })).body.results.map((m: { text: string }) => m.text);
  const post = (who: string, text: string) => call(t.app, 'POST', '/api/messages/', { auth: who, payload: { text } });
  const mailsTo = (address: string) =>
    t.app.ctx.db.selectFrom('email_outbox').select('subject').where('to_address', '=', address).execute();
  const setTrusted = async (location: number, on: boolean) => {
    const current = await call(t.app, 'GET', `/api/admin/locations/${location}/`, { auth: auth.manager });
    return call(t.app, 'PUT', `/api/admin/locations/${location}/`, {
      auth: auth.manager,
      payload: { title: current.body.title, reception_publishes_directly: on },
    });
  };

  it('is off by default: the reception’s post waits for moderation', async () => {
    const location = await call(t.app, 'GET', `/api/admin/locations/${park}/`, { auth: auth.manager });
    expect(location.body.reception_publishes_directly).toBe(false);
    const res = await post(auth.clara, 'Die Rezeption ist am Montag erst ab 10 Uhr besetzt.');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'pending' });
    expect(await feed(auth.anna)).not.toContain('Die Rezeption ist am Montag erst ab 10 Uhr besetzt.');
  });

  it('publishes the reception’s post at once where the manager trusts it, and tells the readers, not the author', async () => {
    const saved = await setTrusted(park, true);
    expect(saved.status).toBe(200);
    expect(saved.body.reception_publishes_directly).toBe(true);

    const res = await post(auth.clara, 'Heute ab 14 Uhr wird das Treppenhaus gereinigt.');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('approved');
    expect(await feed(auth.anna)).toContain('Heute ab 14 Uhr wird das Treppenhaus gereinigt.');
    const row = await t.app.ctx.db
      .selectFrom('messages')
      .select(['status', 'moderated_by', 'moderated_at'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', moderated_by: clara.id });
    expect(row.moderated_at).not.toBeNull();
    // Nothing waits in the back office's queue for it.
    const queue = await call(t.app, 'GET', `/api/admin/messages/?location_id=${park}`, { auth: auth.manager });
    expect(queue.body.results.map((m: { id: number }) => m.id)).not.toContain(res.body.id);
    // The author is not told that their own post was approved.
    expect((await mailsTo('rezeption@example.org')).map((m) => m.subject)).not.toContain('Ihr Beitrag ist freigegeben');
    // The audit log says it appeared without moderation.
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'message')
      .where('entity_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('message_created');
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'approved', published_directly: true });
  });

  it('lets the author add a photo to the post that appeared at once, but nobody else', async () => {
    const res = await post(auth.clara, 'Fundsache an der Rezeption: ein blauer Schal.');
    const png = await pngImage();
    const upload = (who: string) =>
      uploadAttachment(t.app, who, res.body.id, { filename: 'schal.png', type: 'image/png', data: png });
    expect((await upload(auth.clara)).status).toBe(201);
    expect((await upload(auth.anna)).status).toBe(403);
  });

  it('publishes the reception’s comment at once, and the post’s author hears of it', async () => {
    const annaPost = await newPost(t, anna, { status: 'approved', text: 'Wer hat einen Akkuschrauber?' });
    const res = await call(t.app, 'POST', `/api/messages/${annaPost}/comments/`, {
      auth: auth.clara,
      payload: { text: 'Die Rezeption verleiht einen, bitte vorbeikommen.' },
    });
    expect(res.status).toBe(201);
    const comments = await call(t.app, 'GET', `/api/messages/${annaPost}/comments/`, { auth: auth.anna });
    expect(comments.body.results.map((c: { text: string }) => c.text)).toEqual([
      'Die Rezeption verleiht einen, bitte vorbeikommen.',
    ]);
    const board = await call(t.app, 'GET', `/api/messages/${annaPost}/`, { auth: auth.anna });
    expect(board.body.comment_count).toBe(1);
    expect((await mailsTo('anna@example.org')).map((m) => m.subject)).toContain('Neuer Kommentar zu Ihrem Beitrag');
    expect((await mailsTo('rezeption@example.org')).map((m) => m.subject)).not.toContain(
      'Ihr Kommentar ist freigegeben',
    );
  });

  it('trusts only the reception of that location: another location’s reception and residents still wait', async () => {
    const other = await post(auth.seeDesk, 'Am See: der Steg ist gesperrt.');
    expect(other.body.status).toBe('pending');
    const resident = await post(auth.anna, 'Flohmarkt am Samstag im Hof.');
    expect(resident.body.status).toBe('pending');
    // Her own pending post shows to Anna only; the reception does not see it yet.
    expect(await feed(auth.clara)).not.toContain('Flohmarkt am Samstag im Hof.');
  });

  it('waits again once the manager turns it off', async () => {
    expect((await setTrusted(park, false)).body.reception_publishes_directly).toBe(false);
    const res = await post(auth.clara, 'Paketannahme heute nur bis 16 Uhr.');
    expect(res.body.status).toBe('pending');
  });

  it('refuses a setting that is not a yes or no with a German 400', async () => {
    const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: auth.manager,
      payload: { title: 'Haus', reception_publishes_directly: 'ja' },
    });
    expect(res.status).toBe(400);
    expect(res.body.reception_publishes_directly).toEqual([expect.any(String)]);
  });
});
