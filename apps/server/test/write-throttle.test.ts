import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from './harness.js';
import { newLocation, newPost, newProvider, newService, newUser, signIn } from './factories.js';
import { call, pdfFile, pngImage, uploadAttachment, type Reply } from './helpers.js';

const kinds = await dialects();

describe.each(kinds)('per-user budgets for writes (%s)', (kind) => {
  let t: TestApp;
  let anna: string; // resident
  let bernd: string; // her neighbour
  let clara: string; // receptionist
  let providerId: number;
  let approvedId: number;

  beforeAll(async () => {
    t = await startApp(kind, {}, (c) => {
      c.throttle.writes = {
        providerRequest: [
          { points: 10, durationSec: 60 },
          { points: 3, durationSec: 3600 },
        ],
        message: [{ points: 3, durationSec: 60 }],
        comment: [{ points: 3, durationSec: 60 }],
        report: [{ points: 3, durationSec: 60 }],
        attachment: [{ points: 3, durationSec: 60 }],
        profilePicture: [{ points: 2, durationSec: 60 }],
        dataExport: [{ points: 2, durationSec: 60 }],
        ticket: [{ points: 3, durationSec: 60 }],
        ticketMessage: [{ points: 3, durationSec: 60 }],
        parcel: [{ points: 3, durationSec: 60 }],
        booking: [{ points: 3, durationSec: 60 }],
      };
    });
    const park = await newLocation(t);
    const annaUser = await newUser(t, { locationId: park });
    const berndUser = await newUser(t, { locationId: park });
    const claraUser = await newUser(t, { locationId: park, role: 'receptionist' });
    [anna, bernd, clara] = await Promise.all([signIn(t, annaUser), signIn(t, berndUser), signIn(t, claraUser)]);
    providerId = await newProvider(t, await newService(t, park), park, {
      email: 'dienst@example.org',
      allowFormContact: true,
    });
    approvedId = await newPost(t, berndUser);
  });
  afterAll(() => t.close());

  const statuses = (r: Reply[]) => r.map((x) => x.status);
  async function repeat(n: number, send: () => Promise<Reply>): Promise<Reply[]> {
    const replies: Reply[] = [];
    for (let i = 0; i < n; i++) replies.push(await send());
    return replies;
  }

  it('answers provider requests over the budget with 429, a German wait and Retry-After, and mails nobody', async () => {
    const mails = async () => (await t.app.ctx.db.selectFrom('email_outbox').select('id').execute()).length;
    const before = await mails();
    const replies = await repeat(4, () =>
      call(t.app, 'POST', `/api/providers/${providerId}/request/`, { auth: anna, payload: { text: 'Bitte melden' } }),
    );
    expect(statuses(replies)).toEqual([201, 201, 201, 429]);
    expect(replies[3]!.body).toEqual({
      detail: 'Sie haben in kurzer Zeit sehr viele Anfragen gesendet. Bitte versuchen Sie es in 60 Minuten erneut.',
    });
    expect(Number(replies[3]!.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await mails()) - before).toBe(3);
    // Another resident has a budget of their own.
    const other = await call(t.app, 'POST', `/api/providers/${providerId}/request/`, {
      auth: bernd,
      payload: { text: 'Bitte melden' },
    });
    expect(other.status).toBe(201);
  });

  it('answers defect reports over the budget with 429, and the same report repeated costs nothing', async () => {
    const categories = await call(t.app, 'GET', '/api/tickets/categories/', { auth: bernd });
    const body = { category_id: categories.body.results[0].id, scope: 'apartment', description: 'Tropft' };
    const send = (key: string) =>
      call(t.app, 'POST', '/api/tickets/', { auth: bernd, payload: body, headers: { 'idempotency-key': key } });
    // A replay of a report that arrived (the same key) is answered with it, not counted again.
    expect((await send('wiederholung-1')).status).toBe(201);
    expect(statuses(await repeat(3, () => send('wiederholung-1')))).toEqual([200, 200, 200]);
    const replies = [await send('neu-000002'), await send('neu-000003'), await send('neu-000004')];
    expect(statuses(replies)).toEqual([201, 201, 429]);
    expect(replies[2]!.body.detail).toMatch(/^Sie haben in kurzer Zeit sehr viele Schäden gemeldet\./);
    expect(replies[2]!.headers['retry-after']).toBeDefined();
  });

  it('answers new posts over the budget with 429', async () => {
    const replies = await repeat(4, () =>
      call(t.app, 'POST', '/api/messages/', { auth: bernd, payload: { text: 'Noch ein Beitrag' } }),
    );
    expect(statuses(replies)).toEqual([201, 201, 201, 429]);
    expect(replies[3]!.body).toEqual({
      detail: 'Sie haben in kurzer Zeit sehr viele Beiträge erstellt. Bitte versuchen Sie es in 1 Minute erneut.',
    });
  });

  it('answers comments over the budget with 429', async () => {
    const replies = await repeat(4, () =>
      call(t.app, 'POST', `/api/messages/${approvedId}/comments/`, { auth: clara, payload: { text: 'Danke!' } }),
    );
    expect(statuses(replies)).toEqual([201, 201, 201, 429]);
    expect(replies[3]!.body.detail).toMatch(/^Sie haben in kurzer Zeit sehr viele Kommentare geschrieben\./);
  });

  it('answers attachments over the budget with 429 and stores nothing more', async () => {
    const post = await call(t.app, 'POST', '/api/messages/', { auth: anna, payload: { text: 'Mit Anhängen' } });
    const pdf = await pdfFile();
    const replies = await repeat(4, () =>
      uploadAttachment(t.app, anna, post.body.id, { filename: 'plan.pdf', type: 'application/pdf', data: pdf }),
    );
    expect(statuses(replies)).toEqual([201, 201, 201, 429]);
    expect(replies[3]!.body.detail).toMatch(/^Sie haben in kurzer Zeit sehr viele Dateien hochgeladen\./);
    const stored = await t.app.ctx.db
      .selectFrom('message_documents')
      .select('id')
      .where('message_id', '=', post.body.id)
      .execute();
    expect(stored).toHaveLength(3);
  });

  it('answers profile pictures over the budget with 429, keeps the last one, and still changes the language', async () => {
    const png = await pngImage();
    const put = () => {
      const mp = multipart({}, { field: 'profile_picture', filename: 'ich.png', type: 'image/png', data: png });
      return call(t.app, 'PUT', '/api/profile/', { auth: bernd, payload: mp.payload, headers: mp.headers });
    };
    const replies = await repeat(3, put);
    expect(statuses(replies)).toEqual([200, 200, 429]);
    expect(replies[2]!.body.detail).toMatch(/^Sie haben Ihr Profilbild in kurzer Zeit sehr oft geändert\./);
    const profile = await call(t.app, 'GET', '/api/profile/', { auth: bernd });
    expect(profile.body.profile_picture).toBeTruthy();
    const language = await call(t.app, 'PUT', '/api/profile/', { auth: bernd, payload: { language: 'en' } });
    expect(language.status).toBe(200);
    expect(language.body.language).toBe('en');
  });
});
