import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import {
  newAttachment,
  newComment,
  newLike,
  newLocation,
  newPost,
  newProfilePicture,
  newUser,
  signIn,
  type TestUser,
} from '../../../test/factories.js';
import {
  FORBIDDEN,
  NO_CREDENTIALS,
  NOT_FOUND,
  call,
  expectPage,
  jpegWithExif,
  pdfFile,
  pngImage,
  uploadAttachment,
} from '../../../test/helpers.js';

const kinds = await dialects();
const SIGNED = /^\/api\/media\/[a-z]+\/[A-Za-z0-9_-]+\.[a-z]+\?exp=\d+&sig=[A-Za-z0-9_-]+$/;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const FEST_TEXT = 'Hoffest im Innenhof!\n\nAm Samstag ab 15 Uhr grillen wir gemeinsam. Fotos und Programm hängen an.';
const LONG_TEXT =
  'Ab nächster Woche biete ich dienstags und donnerstags Hausaufgabenhilfe für Grundschulkinder im ' +
  'Gemeinschaftsraum an. Kostenlos, einfach vorbeikommen – bei Fragen sprecht mich im Treppenhaus an.';
const SEE_TEXTS = ['Der Steg ist gesperrt.', 'Wer kommt mit zum Segeln?', 'Die Sauna ist wieder offen.'];

describe.each(kinds)('messages (%s)', (kind) => {
  let t: TestApp;
  let anna: string; // resident with a pending post
  let bernd: string; // resident
  let clara: string; // receptionist
  let dora: string; // resident of the other location
  let seeRez: string; // receptionist of the other location
  let manager: string;
  let annaUser: TestUser;
  let claraUser: TestUser;
  let emilUser: TestUser; // author of the post with attachments
  let park: number; // the location of anna, bernd and clara
  /** The approved posts of `park`, newest first. */
  let approvedIds: number[];
  /** The posts the tests name. */
  const post = { fest: 0, schirm: 0, long: 0, paket: 0, aufzug: 0, pending: 0, segeln: 0 };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    const see = await newLocation(t);
    annaUser = await newUser(t, { locationId: park });
    const berndUser = await newUser(t, { locationId: park });
    claraUser = await newUser(t, { locationId: park, role: 'receptionist' });
    emilUser = await newUser(t, { locationId: park });
    const fatma = await newUser(t, { locationId: park });
    const doraUser = await newUser(t, { locationId: see });
    const seeRezUser = await newUser(t, { locationId: see, role: 'receptionist' });
    const managerUser = await newUser(t, { role: 'manager', managerOf: [park, see] });
    await newProfilePicture(t, claraUser);
    await newProfilePicture(t, emilUser);
    [anna, bernd, clara, dora, seeRez, manager] = await Promise.all([
      signIn(t, annaUser),
      signIn(t, berndUser),
      signIn(t, claraUser),
      signIn(t, doraUser),
      signIn(t, seeRezUser),
      signIn(t, managerUser),
    ]);

    // 13 approved posts (two pages), written the way the API writes them: the post with
    // attachments gets them while pending and is then approved by the manager.
    post.aufzug = await newPost(t, claraUser, { text: 'Der Aufzug wird morgen gewartet.', createdAt: hoursAgo(5) });
    post.fest = await newPost(t, emilUser, { text: FEST_TEXT, status: 'pending', createdAt: hoursAgo(20) });
    await newAttachment(t, post.fest, emilUser, { kind: 'image', name: 'Hoffest 2025' });
    await newAttachment(t, post.fest, emilUser, { kind: 'pdf', name: 'Programm Hoffest' });
    expect((await approve(post.fest)).status).toBe(200);
    await newComment(t, post.fest, claraUser, { text: 'Wir stellen Bierbänke bereit!', createdAt: hoursAgo(18) });
    await newComment(t, post.fest, claraUser, {
      text: 'Die Grillkohle liegt an der Rezeption.',
      createdAt: hoursAgo(12),
    });
    await newLike(t, post.fest, claraUser);
    post.schirm = await newPost(t, fatma, { text: 'Wer hat seinen Schirm vergessen?', createdAt: hoursAgo(30) });
    await newComment(t, post.schirm, claraUser, {
      text: 'Er wurde abgeholt.',
      status: 'pending',
      createdAt: hoursAgo(1),
    });
    post.long = await newPost(t, emilUser, { text: LONG_TEXT, createdAt: hoursAgo(60) });
    await newLike(t, post.long, claraUser);
    const older: number[] = [];
    for (const [i, h] of [80, 110, 150, 200, 260, 320, 400, 480, 560].entries()) {
      older.push(
        await newPost(t, i % 2 ? fatma : berndUser, { text: `Älterer Beitrag ${i + 1}`, createdAt: hoursAgo(h) }),
      );
    }
    post.paket = older[3]!;
    approvedIds = [post.aufzug, post.fest, post.schirm, post.long, ...older];
    post.pending = await newPost(t, annaUser, {
      text: 'Hat jemand Lust, einen Lesekreis zu gründen?',
      status: 'pending',
      createdAt: hoursAgo(2),
    });
    const seeIds = [];
    for (const [i, text] of SEE_TEXTS.entries())
      seeIds.push(await newPost(t, doraUser, { text, createdAt: hoursAgo(10 + 40 * i) }));
    post.segeln = seeIds[1]!;
  });
  afterAll(() => t.close());

  const approve = (id: number) =>
    call(t.app, 'PUT', `/api/admin/messages/${id}/moderation/`, { auth: manager, payload: { status: 'approved' } });

  describe('GET /api/messages/', () => {
    it('pages the approved posts ten at a time, newest first, with a second page', async () => {
      const page1 = await call(t.app, 'GET', '/api/messages/', { auth: bernd });
      expect(page1.status).toBe(200);
      expectPage(page1.body, 13, 10);
      expect(page1.body.next).toBe('/api/messages/?page=2');
      expect(page1.body.previous).toBeNull();
      const page2 = await call(t.app, 'GET', page1.body.next, { auth: bernd });
      expectPage(page2.body, 13, 3);
      expect(page2.body.next).toBeNull();
      expect(page2.body.previous).toBe('/api/messages/?page=1');
      const all = [...page1.body.results, ...page2.body.results];
      const times = all.map((m: { created_at: string }) => Date.parse(m.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(all.map((m: { id: number }) => m.id)).size).toBe(13);
      expect(all.every((m: { status: string }) => m.status === 'approved')).toBe(true);
      expect(all.map((m: { id: number }) => m.id)).toEqual(approvedIds);
      // A text over 150 characters comes back whole; shortening it is the client's business.
      expect(LONG_TEXT.length).toBeGreaterThan(150);
      expect(all.find((m: { id: number }) => m.id === post.long).text).toBe(LONG_TEXT);
    });

    it('treats a missing page as page 1', async () => {
      const a = await call(t.app, 'GET', '/api/messages/', { auth: bernd });
      const b = await call(t.app, 'GET', '/api/messages/?page=1', { auth: bernd });
      expect(b.body).toEqual(a.body);
    });

    it('returns each post with the fields of product §4.5, attachments and counts', async () => {
      const { body } = await call(t.app, 'GET', '/api/messages/', { auth: bernd });
      const fest = body.results.find((m: { id: number }) => m.id === post.fest);
      expect(fest).toEqual({
        id: post.fest,
        text: FEST_TEXT,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/),
        user_name: emilUser.name,
        user_image: expect.stringMatching(SIGNED),
        documents: [
          {
            id: expect.any(Number),
            name: 'Hoffest 2025',
            document: expect.stringMatching(SIGNED),
            kind: 'image',
            thumbnail: expect.stringMatching(SIGNED),
          },
          {
            id: expect.any(Number),
            name: 'Programm Hoffest',
            document: expect.stringMatching(SIGNED),
            kind: 'pdf',
            thumbnail: null,
          },
        ],
        like_count: 1,
        comment_count: 2,
        self_liked: false,
        self_commented: false,
        status: 'approved',
        rejection_reason: null,
      });
    });

    it('shows the receptionist which posts they liked and commented on', async () => {
      const { body } = await call(t.app, 'GET', '/api/messages/', { auth: clara });
      const fest = body.results.find((m: { id: number }) => m.id === post.fest);
      expect(fest).toMatchObject({ self_liked: true, self_commented: true });
      const schirm = body.results.find((m: { id: number }) => m.id === post.schirm);
      // Her only comment there is still pending: commented, but not counted.
      expect(schirm).toMatchObject({ self_liked: false, self_commented: true, comment_count: 0 });
    });

    it('shows the author their own pending post on top of page 1 without counting it', async () => {
      const page1 = await call(t.app, 'GET', '/api/messages/', { auth: anna });
      expect(page1.body.count).toBe(13);
      expect(page1.body.results[0]).toMatchObject({
        id: post.pending,
        status: 'pending',
        user_name: annaUser.name,
        user_image: null,
      });
      expect(page1.body.results.filter((m: { status: string }) => m.status === 'pending')).toHaveLength(1);
      const page2 = await call(t.app, 'GET', page1.body.next, { auth: anna });
      expect(page2.body.next).toBeNull();
      const approved = [...page1.body.results, ...page2.body.results].filter(
        (m: { status: string }) => m.status === 'approved',
      );
      expect(new Set(approved.map((m: { id: number }) => m.id)).size).toBe(13);
    });

    it('shows a resident of another location only the posts of their own', async () => {
      const { body } = await call(t.app, 'GET', '/api/messages/', { auth: dora });
      expectPage(body, 3, 3);
      expect(body.results.map((m: { text: string }) => m.text)).toEqual(SEE_TEXTS);
    });

    it('returns an empty page far beyond the last one and 400 for a page that is not a positive number', async () => {
      const far = await call(t.app, 'GET', '/api/messages/?page=500', { auth: bernd });
      expect(far.status).toBe(200);
      expect(far.body).toEqual({ count: 13, next: null, previous: '/api/messages/?page=499', results: [] });
      for (const page of ['0', '-1', 'abc', '1.5']) {
        const res = await call(t.app, 'GET', `/api/messages/?page=${page}`, { auth: bernd });
        expect(res.status, page).toBe(400);
        expect(Object.keys(res.body)).toEqual(['page']);
      }
    });
  });

  describe('GET /api/messages/:id/', () => {
    it('returns one post with its attachments', async () => {
      const res = await call(t.app, 'GET', `/api/messages/${post.fest}/`, { auth: bernd });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: post.fest,
        user_name: emilUser.name,
        like_count: 1,
        comment_count: 2,
        status: 'approved',
      });
      expect(res.body.documents.map((d: { kind: string }) => d.kind)).toEqual(['image', 'pdf']);
    });

    it('answers 404 for an id that does not exist', async () => {
      const res = await call(t.app, 'GET', '/api/messages/999999/', { auth: bernd });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  describe('POST /api/messages/', () => {
    it('creates a pending post with the trimmed text and answers 201 with id and status', async () => {
      const res = await call(t.app, 'POST', '/api/messages/', {
        auth: bernd,
        payload: { text: '  Wer leiht mir eine Leiter?  \n' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number), status: 'pending' });
      const row = await t.app.ctx.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ text: 'Wer leiht mir eine Leiter?', status: 'pending', location_id: park });
      const detail = await call(t.app, 'GET', `/api/messages/${res.body.id}/`, { auth: bernd });
      expect(detail.body).toMatchObject({
        text: 'Wer leiht mir eine Leiter?',
        status: 'pending',
        like_count: 0,
        comment_count: 0,
        documents: [],
      });
    });

    it('answers 400 Eingabe ist zwingend for blank text', async () => {
      for (const payload of [{ text: '' }, { text: ' \n ' }, {}]) {
        const res = await call(t.app, 'POST', '/api/messages/', { auth: bernd, payload });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ text: ['Eingabe ist zwingend'] });
      }
    });

    it('answers 400 for a text over 10,000 characters', async () => {
      const res = await call(t.app, 'POST', '/api/messages/', { auth: bernd, payload: { text: 'x'.repeat(10_001) } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ text: ['Höchstens 10000 Zeichen erlaubt.'] });
    });
  });

  describe('comments', () => {
    it('lists the approved comments of a post, oldest first', async () => {
      const res = await call(t.app, 'GET', `/api/messages/${post.fest}/comments/`, { auth: bernd });
      expect(res.status).toBe(200);
      expectPage(res.body, 2, 2);
      expect(res.body.results).toEqual([
        {
          id: expect.any(Number),
          text: 'Wir stellen Bierbänke bereit!',
          created_at: expect.any(String),
          status: 'approved',
          rejection_reason: null,
          user_name: claraUser.name,
          user_image: expect.stringMatching(SIGNED),
        },
        {
          id: expect.any(Number),
          text: 'Die Grillkohle liegt an der Rezeption.',
          created_at: expect.any(String),
          status: 'approved',
          rejection_reason: null,
          user_name: claraUser.name,
          user_image: expect.stringMatching(SIGNED),
        },
      ]);
    });

    it('lets the receptionist comment and answers 201 with the pending comment', async () => {
      const res = await call(t.app, 'POST', `/api/messages/${post.paket}/comments/`, {
        auth: clara,
        payload: { text: '  Danke für den Hinweis!  ' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        text: 'Danke für den Hinweis!',
        created_at: expect.any(String),
        status: 'pending',
        rejection_reason: null,
        user_name: claraUser.name,
        user_image: expect.stringMatching(SIGNED),
      });
    });

    it('answers 403 to residents and the manager who try to comment', async () => {
      for (const auth of [anna, bernd, manager]) {
        const res = await call(t.app, 'POST', `/api/messages/${post.fest}/comments/`, {
          auth,
          payload: { text: 'Hallo' },
        });
        expect(res.status).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    });

    it('answers 400 Eingabe ist zwingend for a blank comment', async () => {
      const res = await call(t.app, 'POST', `/api/messages/${post.fest}/comments/`, {
        auth: clara,
        payload: { text: '   ' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ text: ['Eingabe ist zwingend'] });
    });

    it('answers 400 when the receptionist comments on or likes her own post before it is approved', async () => {
      const { body } = await call(t.app, 'POST', '/api/messages/', {
        auth: clara,
        payload: { text: 'Noch nicht freigegeben' },
      });
      const comment = await call(t.app, 'POST', `/api/messages/${body.id}/comments/`, {
        auth: clara,
        payload: { text: 'Selbst' },
      });
      expect(comment.status).toBe(400);
      expect(comment.body).toEqual({ detail: 'Dieser Beitrag ist noch nicht freigegeben.' });
      const like = await call(t.app, 'PUT', `/api/messages/${body.id}/like/`, { auth: clara });
      expect(like.status).toBe(400);
      expect(like.body).toEqual({ detail: 'Dieser Beitrag ist noch nicht freigegeben.' });
    });
  });

  describe('likes', () => {
    it('lets the receptionist like and unlike, idempotently, and updates the counts', async () => {
      const id = post.schirm;
      const like = await call(t.app, 'PUT', `/api/messages/${id}/like/`, { auth: clara });
      expect(like.status).toBe(200);
      expect(like.body).toEqual({ like_count: 1, self_liked: true });
      expect((await call(t.app, 'PUT', `/api/messages/${id}/like/`, { auth: clara })).body).toEqual({
        like_count: 1,
        self_liked: true,
      });
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: clara })).body).toMatchObject({
        like_count: 1,
        self_liked: true,
      });
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: bernd })).body).toMatchObject({
        like_count: 1,
        self_liked: false,
      });

      const unlike = await call(t.app, 'PUT', `/api/messages/${id}/unlike/`, { auth: clara });
      expect(unlike.status).toBe(200);
      expect(unlike.body).toEqual({ like_count: 0, self_liked: false });
      expect((await call(t.app, 'PUT', `/api/messages/${id}/unlike/`, { auth: clara })).body).toEqual({
        like_count: 0,
        self_liked: false,
      });
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: clara })).body).toMatchObject({
        like_count: 0,
        self_liked: false,
      });
    });

    it('answers 403 to residents and the manager on like and unlike', async () => {
      for (const auth of [anna, bernd, dora, manager]) {
        for (const action of ['like', 'unlike']) {
          const res = await call(t.app, 'PUT', `/api/messages/${post.fest}/${action}/`, { auth });
          expect(res.status, action).toBe(403);
          expect(res.body).toEqual(FORBIDDEN);
        }
      }
      expect((await call(t.app, 'GET', `/api/messages/${post.fest}/`, { auth: bernd })).body.like_count).toBe(1);
    });
  });

  describe('attachments (POST /api/messages/:id/documents/)', () => {
    let draft: number;
    beforeAll(async () => {
      draft = (
        await call(t.app, 'POST', '/api/messages/', {
          auth: anna,
          payload: { text: 'Flohmarkt im Hof, Bilder und Flyer anbei' },
        })
      ).body.id;
    });

    it('accepts a real PNG and answers 201 with a signed URL and a thumbnail', async () => {
      const res = await uploadAttachment(
        t.app,
        anna,
        draft,
        { filename: 'hof.png', type: 'image/png', data: await pngImage() },
        'Der Hof',
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'Der Hof',
        document: expect.stringMatching(SIGNED),
        kind: 'image',
        thumbnail: expect.stringMatching(SIGNED),
      });
      const file = await call(t.app, 'GET', res.body.document);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      const thumb = await call(t.app, 'GET', res.body.thumbnail);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumb.raw).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    });

    it('re-encodes a JPEG and strips its EXIF data', async () => {
      const original = await jpegWithExif();
      expect((await sharp(original).metadata()).exif).toBeInstanceOf(Buffer);
      const res = await uploadAttachment(t.app, anna, draft, {
        filename: 'flyer.jpg',
        type: 'image/jpeg',
        data: original,
      });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('flyer');
      const file = await call(t.app, 'GET', res.body.document);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.raw).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(file.raw.includes(Buffer.from('geheim'))).toBe(false);
    });

    it('rejects a third image with 400', async () => {
      const res = await uploadAttachment(t.app, anna, draft, {
        filename: 'drei.png',
        type: 'image/png',
        data: await pngImage(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ document: ['Pro Beitrag sind höchstens 2 Fotos erlaubt.'] });
    });

    it('accepts three real PDFs and rejects a fourth with 400', async () => {
      for (let i = 1; i <= 3; i++) {
        const res = await uploadAttachment(t.app, anna, draft, {
          filename: `flyer-${i}.pdf`,
          type: 'application/pdf',
          data: await pdfFile(`Flyer ${i}`),
        });
        expect(res.status, `PDF ${i}`).toBe(201);
        expect(res.body).toMatchObject({ name: `flyer-${i}`, kind: 'pdf', thumbnail: null });
      }
      const fourth = await uploadAttachment(t.app, anna, draft, {
        filename: 'flyer-4.pdf',
        type: 'application/pdf',
        data: await pdfFile(),
      });
      expect(fourth.status).toBe(400);
      expect(fourth.body).toEqual({ document: ['Pro Beitrag sind höchstens 3 PDF-Dokumente erlaubt.'] });
    });

    it('lists exactly the accepted attachments on the post', async () => {
      const { body } = await call(t.app, 'GET', `/api/messages/${draft}/`, { auth: anna });
      expect(body.documents.map((d: { kind: string; name: string }) => `${d.kind}:${d.name}`)).toEqual([
        'image:Der Hof',
        'image:flyer',
        'pdf:flyer-1',
        'pdf:flyer-2',
        'pdf:flyer-3',
      ]);
    });

    it('rejects a text file named .pdf and declared as application/pdf', async () => {
      const other = (await call(t.app, 'POST', '/api/messages/', { auth: anna, payload: { text: 'Noch ein Entwurf' } }))
        .body.id;
      const res = await uploadAttachment(t.app, anna, other, {
        filename: 'rechnung.pdf',
        type: 'application/pdf',
        data: Buffer.from('Das ist nur Text, kein PDF.\n'.repeat(20)),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        document: [
          'Die Datei rechnung.pdf hat ein nicht unterstütztes Format. Erlaubt sind PDF-Dokumente, JPEG-, PNG- oder WebP-Bilder.',
        ],
      });
    });

    it('rejects a file over 10 MB with Die Datei <name> ist zu gross', async () => {
      const other = (await call(t.app, 'POST', '/api/messages/', { auth: anna, payload: { text: 'Großer Anhang' } }))
        .body.id;
      const big = Buffer.concat([await pdfFile(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
      const res = await uploadAttachment(t.app, anna, other, {
        filename: 'gross.pdf',
        type: 'application/pdf',
        data: big,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ document: ['Die Datei gross.pdf ist zu gross'] });
      expect((await call(t.app, 'GET', `/api/messages/${other}/`, { auth: anna })).body.documents).toEqual([]);
    });

    it('answers 400 when no file is sent and 415 for a JSON body', async () => {
      const mp = multipart({ name: 'nur Name' });
      const none = await call(t.app, 'POST', `/api/messages/${draft}/documents/`, {
        auth: anna,
        payload: mp.payload,
        headers: mp.headers,
      });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ document: ['Eingabe ist zwingend'] });
      const json = await call(t.app, 'POST', `/api/messages/${draft}/documents/`, {
        auth: anna,
        payload: { name: 'x' },
      });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({ detail: 'Bitte als multipart/form-data senden.' });
    });

    it('answers 404 to another resident for the pending post and 403 on an approved post of someone else', async () => {
      const png = { filename: 'x.png', type: 'image/png', data: await pngImage() };
      const hidden = await uploadAttachment(t.app, bernd, draft, png);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual(NOT_FOUND);
      const foreign = await uploadAttachment(t.app, bernd, post.fest, png);
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual(FORBIDDEN);
    });

    it('answers 400 once the post is approved, and then shows the attachments to everyone', async () => {
      expect((await approve(draft)).status).toBe(200);
      const res = await uploadAttachment(t.app, anna, draft, {
        filename: 'spaet.pdf',
        type: 'application/pdf',
        data: await pdfFile(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Anhänge können nur vor der Freigabe hinzugefügt werden.' });
      const seen = await call(t.app, 'GET', `/api/messages/${draft}/`, { auth: bernd });
      expect(seen.body.documents).toHaveLength(5);
      const pdf = await call(t.app, 'GET', seen.body.documents[2].document);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('isolation between locations', () => {
    it('answers 404 to a resident of another location for its posts: detail, comments and uploads', async () => {
      const png = { filename: 'x.png', type: 'image/png', data: await pngImage() };
      for (const id of [post.fest, post.aufzug, post.pending]) {
        for (const [method, url] of [
          ['GET', `/api/messages/${id}/`],
          ['GET', `/api/messages/${id}/comments/`],
        ] as const) {
          const res = await call(t.app, method, url, { auth: dora });
          expect(res.status, url).toBe(404);
          expect(res.body).toEqual(NOT_FOUND);
        }
        const upload = await uploadAttachment(t.app, dora, id, png);
        expect(upload.status).toBe(404);
        expect(upload.body).toEqual(NOT_FOUND);
      }
    });

    it('answers 404 to a receptionist of another location for commenting on or liking its posts', async () => {
      const id = post.fest;
      const comment = await call(t.app, 'POST', `/api/messages/${id}/comments/`, {
        auth: seeRez,
        payload: { text: 'Hallo vom See' },
      });
      expect(comment.status).toBe(404);
      expect(comment.body).toEqual(NOT_FOUND);
      for (const action of ['like', 'unlike']) {
        const res = await call(t.app, 'PUT', `/api/messages/${id}/${action}/`, { auth: seeRez });
        expect(res.status, action).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: bernd })).body).toMatchObject({
        like_count: 1,
        comment_count: 2,
      });
      // Her own location works.
      const own = await call(t.app, 'PUT', `/api/messages/${post.segeln}/like/`, { auth: seeRez });
      expect(own.body).toEqual({ like_count: 1, self_liked: true });
    });

    it('answers 404 to other residents for a pending post, its comments and its likes', async () => {
      const id = post.pending;
      for (const auth of [bernd, clara]) {
        for (const url of [`/api/messages/${id}/`, `/api/messages/${id}/comments/`]) {
          const res = await call(t.app, 'GET', url, { auth });
          expect(res.status, url).toBe(404);
          expect(res.body).toEqual(NOT_FOUND);
        }
      }
      expect((await call(t.app, 'PUT', `/api/messages/${id}/like/`, { auth: clara })).status).toBe(404);
    });
  });

  it('links to every page that holds a post the author can see, even past the approved count', async () => {
    // Fill the location up to a multiple of ten approved posts; Anna's own pending posts then
    // push the oldest approved ones onto one page more than `count` alone would need.
    const { count } = (await call(t.app, 'GET', '/api/messages/', { auth: bernd })).body;
    for (let i = 0; i < (10 - (count % 10)) % 10; i++) {
      const { body } = await call(t.app, 'POST', '/api/messages/', {
        auth: bernd,
        payload: { text: `Füllbeitrag ${i}` },
      });
      await approve(body.id);
    }
    const approved = (await call(t.app, 'GET', '/api/messages/', { auth: bernd })).body.count;
    expect(approved % 10).toBe(0);

    const seen: number[] = [];
    let url: string | null = '/api/messages/';
    while (url) {
      const res: { body: { next: string | null; results: { id: number }[] } } = await call(t.app, 'GET', url, {
        auth: anna,
      });
      seen.push(...res.body.results.map((m) => m.id));
      url = res.body.next;
    }
    const visible = await t.app.ctx.db
      .selectFrom('messages')
      .select('messages.id')
      .where('messages.location_id', '=', park)
      .where((eb) => eb.or([eb('messages.status', '=', 'approved'), eb('messages.user_id', '=', annaUser.id)]))
      .execute();
    expect(visible.length).toBeGreaterThan(approved);
    expect(seen.sort((a, b) => a - b)).toEqual(visible.map((r) => r.id).sort((a, b) => a - b));
  });

  it('answers 403 to the property manager and 401 to anonymous callers on every endpoint', async () => {
    const id = post.fest;
    const calls = [
      ['GET', '/api/messages/'],
      ['POST', '/api/messages/'],
      ['GET', `/api/messages/${id}/`],
      ['GET', `/api/messages/${id}/comments/`],
      ['POST', `/api/messages/${id}/comments/`],
      ['PUT', `/api/messages/${id}/like/`],
      ['PUT', `/api/messages/${id}/unlike/`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { text: 'Hallo' } : undefined;
      const m = await call(t.app, method, url, { auth: manager, payload });
      expect(m.status, `${method} ${url}`).toBe(403);
      expect(m.body).toEqual(FORBIDDEN);
      const a = await call(t.app, method, url, { payload });
      expect(a.status, `${method} ${url}`).toBe(401);
      expect(a.body).toEqual(NO_CREDENTIALS);
    }
    const upload = await uploadAttachment(t.app, manager, id, {
      filename: 'x.png',
      type: 'image/png',
      data: await pngImage(),
    });
    expect(upload.status).toBe(403);
    const anonymous = multipart(
      { name: 'x' },
      { field: 'document', filename: 'x.png', type: 'image/png', data: await pngImage() },
    );
    const anon = await call(t.app, 'POST', `/api/messages/${id}/documents/`, {
      payload: anonymous.payload,
      headers: anonymous.headers,
    });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(NO_CREDENTIALS);
  });
});
