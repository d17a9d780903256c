import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, pngImage, uploadAttachment } from '../../../test/helpers.js';
import {
  newComment,
  newLike,
  newLocation,
  newPost,
  newProvider,
  newService,
  newUser,
  signIn,
  type TestUser,
} from '../../../test/factories.js';

const kinds = await dialects();

describe.each(kinds)('Meine Daten: GET /api/profile/export/ (%s)', (kind) => {
  let t: TestApp;
  let ida: TestUser;
  let nachbar: TestUser;
  let rezeption: TestUser;
  let auth: string;
  let idaPost: number;
  let nachbarPost: number;
  let noticeId: number;
  let documentId: number;

  beforeAll(async () => {
    t = await startApp(kind);
    const location = await newLocation(t, { title: 'Wohnpark Süd' });
    ida = await newUser(t, {
      locationId: location,
      apartmentNumber: 'S-0107',
      name: 'Ida Sommer',
      email: 'ida@example.org',
    });
    nachbar = await newUser(t, { locationId: location, name: 'Norbert Nachbar', email: 'norbert@example.org' });
    rezeption = await newUser(t, { locationId: location, role: 'receptionist', name: 'Rita Rezeption' });
    auth = await signIn(t, ida);

    // Ida's own rows: an approved post with a photo, a pending one, a comment, a like, a
    // provider request, a push subscription and a blackboard visit.
    const draft = await call(t.app, 'POST', '/api/messages/', { auth, payload: { text: 'Idas Flohmarkt am Samstag' } });
    idaPost = draft.body.id;
    await uploadAttachment(t.app, auth, idaPost, { filename: 'tisch.png', type: 'image/png', data: await pngImage() });
    await t.app.ctx.db.updateTable('messages').set({ status: 'approved' }).where('id', '=', idaPost).execute();
    await newPost(t, ida, { text: 'Idas zweiter Beitrag', status: 'pending' });
    nachbarPost = await newPost(t, nachbar, { text: 'Norberts Fahrrad zu verschenken' });
    await newComment(t, nachbarPost, ida, { text: 'Ida nimmt das Fahrrad gern' });
    await newLike(t, nachbarPost, ida);
    const service = await newService(t, location, { title: 'Hausmeister' });
    const provider = await newProvider(t, service, location, { name: 'Hausmeister Holz', allowFormContact: true });
    await call(t.app, 'POST', `/api/providers/${provider}/request/`, {
      auth,
      payload: { text: 'Idas Heizung tropft' },
    });
    await call(t.app, 'POST', '/api/fcm/token/', {
      auth,
      payload: {
        type: 'web',
        registration_id: JSON.stringify({
          endpoint: 'https://fcm.googleapis.com/fcm/send/ida',
          keys: { p256dh: 'p', auth: 'a' },
        }),
      },
    });
    await call(t.app, 'PUT', `/api/blackboard_opened/${ida.id}/`, {
      auth,
      payload: { date_blackboard_opened: '2026-11-20T08:00:00.000Z' },
    });
    const manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [location] }));
    const notice = await call(t.app, 'POST', '/api/admin/notices/', {
      auth: manager,
      payload: { title: 'Aufzug wird gewartet', text: 'Am Montag.', location_ids: [location] },
    });
    noticeId = notice.body.id;
    await call(t.app, 'POST', `/api/notices/${noticeId}/dismissed/`, { auth });
    await call(t.app, 'POST', `/api/notices/${noticeId}/opened/`, { auth: await signIn(t, nachbar) });
    const doc = await t.app.ctx.db
      .insertInto('documents')
      .values({
        location_id: location,
        apartment_number: null,
        title: 'Hausordnung',
        icon: '',
        file_key: 'documents/h.pdf',
        file_name: 'h.pdf',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    documentId = doc.id;
    expect((await call(t.app, 'POST', `/api/documents/${doc.id}/opened/`, { auth })).status).toBe(204);

    // Other people's rows on and around Ida's: they must not appear in her export.
    await newComment(t, idaPost, rezeption, { text: 'Rita kommt auch zum Flohmarkt' });
    await newLike(t, idaPost, rezeption);
    await call(t.app, 'POST', `/api/providers/${provider}/request/`, {
      auth: await signIn(t, nachbar),
      payload: { text: 'Norberts Fenster klemmt' },
    });
  });
  afterAll(() => t.close());

  it('downloads a JSON file of everything stored about the caller', async () => {
    const res = await call(t.app, 'GET', '/api/profile/export/', { auth });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="meine-daten-S-0107.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body;
    expect(data).toMatchObject({
      format: 'hausportal-datenexport-1',
      app: 'Hausportal',
      profile: {
        id: ida.id,
        apartment_number: 'S-0107',
        name: 'Ida Sommer',
        email: 'ida@example.org',
        role: 'resident',
        location: 'Wohnpark Süd',
        emergency_services_deactivated: false,
      },
      blackboard_opened: '2026-11-20T08:00:00.000Z',
    });
    expect(data.posts.map((p: { text: string; status: string }) => [p.text, p.status])).toEqual([
      ['Idas Flohmarkt am Samstag', 'approved'],
      ['Idas zweiter Beitrag', 'pending'],
    ]);
    expect(data.posts[0]).toMatchObject({ like_count: 1, comment_count: 1 });
    expect(data.posts[0].attachments).toEqual([
      expect.objectContaining({ name: 'tisch', kind: 'image', content_type: 'image/png', file: expect.any(String) }),
    ]);
    expect(data.comments.map((c: { text: string; message_id: number }) => [c.text, c.message_id])).toEqual([
      ['Ida nimmt das Fahrrad gern', nachbarPost],
    ]);
    expect(data.likes).toEqual([{ message_id: nachbarPost, created_at: expect.any(String) }]);
    expect(data.provider_requests).toEqual([
      {
        id: expect.any(Number),
        provider: 'Hausmeister Holz',
        text: 'Idas Heizung tropft',
        created_at: expect.any(String),
      },
    ]);
    expect(data.notices_read).toEqual([
      {
        notice_id: noticeId,
        title: 'Aufzug wird gewartet',
        opened_at: expect.any(String),
        dismissed_at: expect.any(String),
      },
    ]);
    expect(data.documents_opened).toEqual([
      { document_id: documentId, title: 'Hausordnung', opened_at: expect.any(String) },
    ]);
    expect(data.push_subscriptions).toHaveLength(1);
    expect(data.notification_settings).toMatchObject({ quiet_hours: true, digest: false, push: { posts: true } });
    expect(data.push_subscriptions[0].registration_id).toContain('fcm.googleapis.com/fcm/send/ida');
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toEqual({
      device: 'Unbekanntes Gerät',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(data.activity.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['login', 'message_created', 'provider_request']),
    );
  });

  it('links the files with signed URLs that download them', async () => {
    const { body } = await call(t.app, 'GET', '/api/profile/export/', { auth });
    const file = await t.app.inject({ method: 'GET', url: body.posts[0].attachments[0].file });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Date.parse(body.links_valid_until)).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it("holds nothing of any other resident: no names, e-mails, texts or their tokens' data", async () => {
    const res = await call(t.app, 'GET', '/api/profile/export/', { auth });
    const text = JSON.stringify(res.body);
    for (const foreign of [
      'Norbert',
      'norbert@example.org',
      'Norberts Fahrrad',
      'Norberts Fenster',
      'Rita',
      'Rita kommt auch',
      'password',
      'token_hash',
    ]) {
      expect(text, foreign).not.toContain(foreign);
    }
    expect(text).not.toMatch(/\$argon2/);
  });

  it('gives another resident only their own data', async () => {
    const res = await call(t.app, 'GET', '/api/profile/export/', { auth: await signIn(t, nachbar) });
    expect(res.status).toBe(200);
    expect(res.body.profile.name).toBe('Norbert Nachbar');
    expect(res.body.posts.map((p: { text: string }) => p.text)).toEqual(['Norberts Fahrrad zu verschenken']);
    expect(JSON.stringify(res.body)).not.toContain('Ida');
  });

  it('needs a token', async () => {
    const res = await call(t.app, 'GET', '/api/profile/export/');
    expect(res.status).toBe(401);
  });

  it('is written to the audit log', async () => {
    await call(t.app, 'GET', '/api/profile/export/', { auth });
    const rows = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('user_id', '=', ida.id)
      .where('action', '=', 'data_exported')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
