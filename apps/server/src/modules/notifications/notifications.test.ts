import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@hausportal/contract';
import { buildApp } from '../../app.js';
import { inTransaction } from '../../db/database.js';
import { claimDue } from '../../outbox/claim.js';
import { checkResponses, dialects, freshDatabase, startApp, testConfig, type TestApp } from '../../../test/harness.js';
import {
  newComment,
  newLocation,
  newPost,
  newProvider,
  newService,
  newUser,
  signIn,
  type TestUser,
} from '../../../test/factories.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { parseMail, type ParsedMail } from '../../../test/mail.js';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { startSmtp } from '../../../test/smtp.js';

const kinds = await dialects();

/** 11:00 in Berlin on a weekday in winter (UTC+1): outside quiet hours. */
const DAY = new Date('2026-11-23T10:00:00Z');
/** 23:30 in Berlin: inside quiet hours, which end at 05:00 UTC. */
const NIGHT = new Date('2026-11-23T22:30:00Z');
const MORNING = new Date('2026-11-24T05:00:00Z');

/** A real SMTP server, and the mails to one address, decoded. */
async function startMailbox() {
  const smtp = await startSmtp();
  return {
    ...smtp,
    to: (to: string): Promise<ParsedMail[]> =>
      Promise.all(smtp.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw))),
  };
}

describe.each(kinds)('notifications (%s)', (kind) => {
  let t: TestApp;
  let ps: PushService;
  let smtp: Awaited<ReturnType<typeof startMailbox>>;
  let location: number;
  let anna: TestUser; // writes posts
  let bernd: TestUser; // a neighbour
  let rezi: TestUser; // the receptionist, who comments
  let manager: TestUser;
  let auth: Record<string, string>;
  let managerAuth: string;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DAY);
    ps = await startPushService();
    smtp = await startMailbox();
    t = await startApp(kind, { PUSH_ENDPOINT_ALLOWLIST: ps.origin, SMTP_URL: smtp.url });
    location = await newLocation(t, { title: 'Haus Linde' });
    anna = await newUser(t, {
      locationId: location,
      name: 'Anna Ahorn',
      apartmentNumber: 'L-01',
      email: 'anna@example.org',
    });
    bernd = await newUser(t, { locationId: location, name: 'Bernd Birke', email: 'bernd@example.org' });
    rezi = await newUser(t, { locationId: location, role: 'receptionist', name: 'Rita Rezeption' });
    manager = await newUser(t, { role: 'manager', managerOf: [location], email: 'verwaltung@example.org' });
    auth = {};
    for (const u of [anna, bernd, rezi]) {
      auth[u.name] = await signIn(t, u);
      await subscribe(auth[u.name]!, u.name);
    }
    managerAuth = await signIn(t, manager);
    await subscribe(managerAuth, 'manager');
  });
  afterAll(async () => {
    await t.close();
    await ps.close();
    await smtp.close();
    vi.useRealTimers();
  });
  beforeEach(() => vi.setSystemTime(DAY));
  // A staff session ends 10 hours after sign-in (ADR 024) and these tests move the clock by days,
  // so the manager signs in at the time of each action.
  const managerNow = () => signIn(t, manager);

  async function subscribe(token: string, name: string) {
    const res = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: token,
      payload: { type: 'web', registration_id: ps.subscription(name.replace(/\s/g, '-')) },
    });
    expect(res.status).toBe(201);
  }
  const pushesTo = (u: TestUser | 'manager') => ps.for(u === 'manager' ? 'manager' : u.name.replace(/\s/g, '-'));
  /** Sends what is due now and waits until the push service has `total` pushes in all. */
  async function delivered(total: number) {
    await t.app.ctx.push.flush();
    await ps.waitFor(total);
    expect(ps.received).toHaveLength(total);
  }
  const approve = async (kindPath: 'messages' | 'comments', id: number) =>
    call(t.app, 'PUT', `/api/admin/${kindPath}/${id}/moderation/`, {
      auth: await managerNow(),
      payload: { status: 'approved' },
    });
  const pending = () =>
    t.app.ctx.db.selectFrom('push_outbox').selectAll().where('status', '=', 'pending').orderBy('id').execute();
  async function setPrefs(u: TestUser, change: (s: typeof DEFAULT_NOTIFICATION_SETTINGS) => void) {
    const s = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    change(s);
    const res = await call(t.app, 'PUT', '/api/profile/notifications/', { auth: auth[u.name], payload: s });
    expect(res.status).toBe(200);
  }

  // The tests build on each other: pushes counted in `ps.received` add up.
  describe('in order', () => {
    let firstPost: number;

    it('tells the managers of a new post, and the readers and the author of its approval', async () => {
      const created = await call(t.app, 'POST', '/api/messages/', {
        auth: auth[anna.name],
        payload: { text: 'Flohmarkt im Hof am Samstag ab 10 Uhr – wer macht mit?' },
      });
      expect(created.status).toBe(201);
      firstPost = created.body.id;
      await delivered(1);
      expect(pushesTo('manager')[0]!.payload).toEqual({
        title: 'Neues in der Moderation',
        body: 'Ein neuer Beitrag wartet auf Freigabe (Haus Linde).',
        url: '/admin/moderation',
        tag: expect.stringMatching(/^hp-\d+$/),
        lang: 'de',
      });

      expect((await approve('messages', firstPost)).status).toBe(200);
      await delivered(4);
      const url = `/messages/view/${firstPost}`;
      for (const reader of [bernd, rezi]) {
        expect(pushesTo(reader).map((p) => p.payload)).toEqual([
          {
            title: 'Neuer Beitrag auf der Pinnwand',
            body: 'Anna Ahorn: Flohmarkt im Hof am Samstag ab 10 Uhr – wer macht mit?',
            url,
            tag: 'hp-posts',
            lang: 'de',
          },
        ]);
      }
      // The author is not told of her own post, only that it is out.
      expect(pushesTo(anna).map((p) => p.payload)).toEqual([
        {
          title: 'Ihr Beitrag ist freigegeben',
          body: 'Ihre Nachbarn sehen ihn jetzt auf der Pinnwand.',
          url,
          tag: expect.any(String),
          lang: 'de',
        },
      ]);
      // What a push service needs: VAPID, the encryption, a TTL and the topic.
      const { headers } = pushesTo(bernd)[0]!;
      expect(headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(headers['content-encoding']).toBe('aes128gcm');
      expect(headers.ttl).toBe('86400');
      expect(headers.topic).toBe('hp-posts');
    });

    it('bundles further posts into one push an hour, and managers get at most one push per 15 minutes', async () => {
      const before = ps.received.length;
      const ids = [
        await newPost(t, anna, { status: 'pending', text: 'Zweiter' }),
        await newPost(t, anna, { status: 'pending', text: 'Dritter' }),
      ];
      // A new post within 15 minutes of the last push: the managers' push waits.
      const third = await call(t.app, 'POST', '/api/messages/', {
        auth: auth[bernd.name],
        payload: { text: 'Wer hat einen Akkuschrauber?' },
      });
      for (const id of ids) expect((await approve('messages', id)).status).toBe(200);
      await t.app.ctx.push.flush();
      // Only the author's two approvals went out now; the readers' posts wait for the hour.
      await ps.waitFor(before + 2);
      expect(ps.received.slice(before).map((p) => `${p.name}: ${p.payload.title}`)).toEqual([
        'Anna-Ahorn: Ihr Beitrag ist freigegeben',
        'Anna-Ahorn: Ihr Beitrag ist freigegeben',
      ]);
      const waiting = await pending();
      const bundle = waiting.filter((r) => r.kind === 'posts');
      expect(bundle.map((r) => [r.title, r.bundle_count, r.url])).toEqual([
        ['2 neue Beiträge auf der Pinnwand', 2, '/blackboard'],
        ['2 neue Beiträge auf der Pinnwand', 2, '/blackboard'],
      ]);
      const queue = waiting.filter((r) => r.kind === 'queue');
      expect(queue).toHaveLength(1);
      expect(Date.parse(queue[0]!.next_attempt_at) - DAY.getTime()).toBe(15 * 60_000);
      expect(third.status).toBe(201);

      // An hour later the bundle goes out, once per reader.
      vi.setSystemTime(new Date(DAY.getTime() + 60 * 60_000));
      await delivered(before + 5);
      expect(pushesTo(bernd).at(-1)!.payload).toMatchObject({
        title: '2 neue Beiträge auf der Pinnwand',
        url: '/blackboard',
      });
      expect(pushesTo('manager').at(-1)!.payload).toMatchObject({ title: 'Neues in der Moderation' });
    });

    it('tells the post author of an approved comment, and the commenter of the approval', async () => {
      const before = ps.received.length;
      const comment = await newComment(t, firstPost, rezi, { status: 'pending', text: 'Ich bringe Kuchen mit!' });
      expect((await approve('comments', comment)).status).toBe(200);
      await delivered(before + 2);
      expect(pushesTo(anna).at(-1)!.payload).toMatchObject({
        title: 'Neuer Kommentar zu Ihrem Beitrag',
        body: 'Rita Rezeption: Ich bringe Kuchen mit!',
        url: `/messages/view/${firstPost}`,
      });
      expect(pushesTo(rezi).at(-1)!.payload).toMatchObject({
        title: 'Ihr Kommentar ist freigegeben',
        url: `/messages/view/${firstPost}`,
      });
    });

    it('tells the author of a rejection, with the reason', async () => {
      const before = ps.received.length;
      const post = await newPost(t, bernd, { status: 'pending', text: 'Verkaufe Auto' });
      const res = await call(t.app, 'PUT', `/api/admin/messages/${post}/moderation/`, {
        auth: await managerNow(),
        payload: { status: 'rejected', rejection_reason: 'Bitte keine Werbung.' },
      });
      expect(res.status).toBe(200);
      await delivered(before + 1);
      expect(pushesTo(bernd).at(-1)!.payload).toMatchObject({
        title: 'Ihr Beitrag wurde abgelehnt',
        body: 'Begründung: Bitte keine Werbung.',
        url: `/messages/view/${post}`,
      });
    });

    it('tells the reporters of the decision and the author of a removal', async () => {
      const before = ps.received.length;
      const comment = await newComment(t, firstPost, anna, { text: 'Beleidigung' });
      for (const u of [bernd, rezi]) {
        const r = await call(t.app, 'POST', `/api/comments/${comment}/report/`, {
          auth: auth[u.name],
          payload: { reason: 'beleidigend' },
        });
        expect(r.status).toBe(201);
      }
      // The managers hear of the reports as of anything new in the queue (bundled within 15 minutes).
      const queued = (await pending()).filter((r) => r.kind === 'queue');
      expect(queued.map((r) => [r.title, r.body, r.bundle_count])).toEqual([
        [
          '2 Einträge warten auf Freigabe',
          'Ein Hinweis auf einen Inhalt wartet auf Ihre Entscheidung (Haus Linde).',
          2,
        ],
      ]);
      const res = await call(t.app, 'POST', '/api/admin/reports/decision/', {
        auth: await managerNow(),
        payload: { kind: 'comment', id: comment, decision: 'remove', reason: 'Beleidigend.' },
      });
      expect(res.status).toBe(200);
      await delivered(before + 3);
      for (const reporter of [bernd, rezi]) {
        expect(pushesTo(reporter).at(-1)!.payload).toMatchObject({
          title: 'Ihre Meldung wurde geprüft',
          body: 'Der gemeldete Inhalt wurde entfernt. Begründung: Beleidigend.',
          url: '/requests',
        });
      }
      expect(pushesTo(anna).at(-1)!.payload).toMatchObject({
        title: 'Ihr Kommentar wurde nach einer Meldung entfernt',
        body: 'Begründung: Beleidigend.',
      });
      // The managers' bundle goes out 15 minutes after their last push.
      vi.setSystemTime(new Date(DAY.getTime() + 75 * 60_000));
      await delivered(before + 4);
      expect(pushesTo('manager').at(-1)!.payload).toMatchObject({
        title: '2 Einträge warten auf Freigabe',
        body: 'Ein Hinweis auf einen Inhalt wartet auf Ihre Entscheidung (Haus Linde).',
        url: '/admin/moderation',
      });
    });

    it("tells the resident of a request's new status and note", async () => {
      const before = ps.received.length;
      const service = await newService(t, location);
      const provider = await newProvider(t, service, location, {
        name: 'Hausmeister Huber',
        email: 'huber@example.org',
        allowFormContact: true,
      });
      const sent = await call(t.app, 'POST', `/api/providers/${provider}/request/`, {
        auth: auth[anna.name],
        payload: { text: 'Die Heizung im Bad bleibt kalt.' },
      });
      expect(sent.status).toBeLessThan(300);
      const { id } = await t.app.ctx.db
        .selectFrom('provider_requests')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const res = await call(t.app, 'PUT', `/api/admin/requests/${id}/`, {
        auth: await managerNow(),
        payload: { status: 'in_progress', note: 'Der Techniker kommt am Dienstag.' },
      });
      expect(res.status).toBe(200);
      await delivered(before + 1);
      expect(pushesTo(anna).at(-1)!.payload).toMatchObject({
        title: 'Ihre Anfrage an Hausmeister Huber: In Bearbeitung',
        body: 'In Bearbeitung. Notiz der Hausverwaltung: Der Techniker kommt am Dienstag.',
        url: '/requests',
      });
    });

    it("holds ordinary pushes in quiet hours until 06:00 Berlin, but not a 'Wichtig' notice", async () => {
      vi.setSystemTime(NIGHT);
      const before = ps.received.length;
      await setPrefs(bernd, (s) => (s.push.notices = false)); // 'Wichtig' reaches him anyway
      const publish = async (title: string, important: boolean) =>
        call(t.app, 'POST', '/api/admin/notices/', {
          auth: await managerNow(),
          payload: { title, text: 'Bitte beachten Sie den Aushang.', important, location_ids: [location] },
        });
      expect((await publish('Wasser abgestellt', true)).status).toBe(201);
      await delivered(before + 3);
      for (const u of [anna, bernd, rezi])
        expect(pushesTo(u).at(-1)!.payload).toMatchObject({
          title: 'Wichtig: Wasser abgestellt',
          body: 'Bitte beachten Sie den Aushang.',
          url: '/blackboard',
        });
      expect(pushesTo(anna).at(-1)!.headers.urgency).toBe('high');

      expect((await publish('Sommerfest', false)).status).toBe(201);
      await t.app.ctx.push.flush();
      expect(ps.received).toHaveLength(before + 3);
      const held = (await pending()).filter((r) => r.kind === 'notices');
      expect(held).toHaveLength(2); // not to Bernd, who switched notices off
      for (const r of held) expect(r.next_attempt_at).toBe(MORNING.toISOString());

      vi.setSystemTime(MORNING);
      await delivered(before + 5);
      expect(pushesTo(anna).at(-1)!.payload).toMatchObject({ title: 'Neuer Aushang: Sommerfest' });
      expect(pushesTo(bernd).at(-1)!.payload.title).toBe('Wichtig: Wasser abgestellt');
    });

    it('sends nothing a resident switched off, and pushes around the clock without quiet hours', async () => {
      const night = new Date('2026-11-24T22:30:00Z');
      vi.setSystemTime(night);
      const before = ps.received.length;
      await setPrefs(anna, (s) => {
        s.quiet_hours = false;
        s.push.moderation = false;
      });
      await setPrefs(bernd, (s) => (s.quiet_hours = false));
      const post = await newPost(t, anna, { status: 'pending', text: 'Nachts geschrieben' });
      expect((await approve('messages', post)).status).toBe(200);
      // Bernd only: Anna switched the approval off, and Rita keeps quiet hours (the default).
      await delivered(before + 1);
      expect(pushesTo(bernd).at(-1)!.payload.title).toBe('Neuer Beitrag auf der Pinnwand');
      const ritas = (await pending()).filter((r) => r.user_id === rezi.id);
      expect(ritas.map((r) => [r.kind, r.next_attempt_at])).toEqual([['posts', '2026-11-25T05:00:00.000Z']]);
    });

    it('removes a subscription the push service answers with 410 Gone', async () => {
      ps.answer('Bernd-Birke', 410);
      const before = pushesTo(bernd).length;
      const res = await call(
        t.app,
        'PUT',
        `/api/admin/messages/${await newPost(t, bernd, { status: 'pending' })}/moderation/`,
        {
          auth: await managerNow(),
          payload: { status: 'approved' },
        },
      );
      expect(res.status).toBe(200);
      await t.app.ctx.push.flush();
      const subs = await t.app.ctx.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', bernd.id)
        .execute();
      expect(subs).toEqual([]);
      const left = await t.app.ctx.db.selectFrom('push_outbox').select('id').where('user_id', '=', bernd.id).execute();
      expect(left).toEqual([]);
      expect(pushesTo(bernd)).toHaveLength(before);
    });

    it('retries a push service that answers 500, with back-off, and sends it once it answers again', async () => {
      ps.answer('Rita-Rezeption', 503);
      await setPrefs(rezi, (s) => (s.quiet_hours = false));
      const before = pushesTo(rezi).length;
      const comment = await newComment(t, firstPost, rezi, { status: 'pending', text: 'Noch ein Kommentar' });
      expect((await approve('comments', comment)).status).toBe(200);
      await t.app.ctx.push.flush();
      const [row] = (await pending()).filter((r) => r.user_id === rezi.id && r.kind === 'moderation');
      expect(row).toMatchObject({ attempts: 1, last_error: 'Push-Dienst antwortet 503' });
      expect(Date.parse(row!.next_attempt_at) - Date.now()).toBe(30_000);
      ps.answer('Rita-Rezeption', 201);
      vi.setSystemTime(Date.now() + 30_000);
      await t.app.ctx.push.flush();
      expect(pushesTo(rezi).length).toBe(before + 1);
    });

    it('refuses at send time an endpoint that is not an allowed push service (SSRF)', async () => {
      const user = await newUser(t, { locationId: location });
      const sub = await t.app.ctx.db
        .insertInto('push_subscriptions')
        .values({
          user_id: user.id,
          type: 'web',
          // Stored before the allow-list changed, say: the sender checks again.
          registration_id: JSON.stringify({
            endpoint: 'http://169.254.169.254/latest',
            keys: { p256dh: 'a', auth: 'b' },
          }),
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await inTransaction(t.app.ctx.db, (trx) =>
        t.app.ctx.notifier.notify(trx, [user.id], {
          kind: 'requests',
          url: '/requests',
          text: () => ({ title: 'Test', body: 'Test', mail: { subject: 'Test', paragraphs: [], action: 'Öffnen' } }),
        }),
      );
      await t.app.ctx.push.flush();
      const row = await t.app.ctx.db
        .selectFrom('push_outbox')
        .selectAll()
        .where('subscription_id', '=', sub.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'failed',
        last_error: 'Kein zulässiger Push-Dienst (nur https-Push-Dienste der Browser).',
      });
    });
  });

  describe('preferences', () => {
    it('reads the defaults and saves a change', async () => {
      const user = await newUser(t, { locationId: location });
      const token = await signIn(t, user);
      const got = await call(t.app, 'GET', '/api/profile/notifications/', { auth: token });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      const change = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
      change.email.posts = true;
      change.digest = true;
      const put = await call(t.app, 'PUT', '/api/profile/notifications/', { auth: token, payload: change });
      expect(put.body).toEqual(change);
      expect((await call(t.app, 'GET', '/api/profile/notifications/', { auth: token })).body).toEqual(change);
    });

    it('answers 400 with a DRF body for a wrong shape and 401 without a token', async () => {
      const token = await signIn(t, await newUser(t, { locationId: location }));
      for (const payload of [
        {},
        { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_hours: 'ja' },
        { ...DEFAULT_NOTIFICATION_SETTINGS, push: { posts: 1 } },
      ]) {
        const res = await call(t.app, 'PUT', '/api/profile/notifications/', { auth: token, payload });
        expect(res.status).toBe(400);
        expectDrfError(res.body);
      }
      expect((await call(t.app, 'GET', '/api/profile/notifications/')).status).toBe(401);
    });
  });

  describe('e-mail', () => {
    it('sends every event mail as German text and HTML with a link to its route and a working unsubscribe link', async () => {
      const eva = await newUser(t, { locationId: location, name: 'Eva Esche', email: 'eva@example.org' });
      const token = await signIn(t, eva);
      const post = await newPost(t, eva, { status: 'pending', text: 'Eva fragt nach dem Keller' });
      const reject = await call(t.app, 'PUT', `/api/admin/messages/${post}/moderation/`, {
        auth: await managerNow(),
        payload: { status: 'rejected', rejection_reason: 'Bitte an die Verwaltung wenden.' },
      });
      expect(reject.status).toBe(200);
      await t.app.ctx.outbox.flush();
      const [mail] = await smtp.to('eva@example.org');
      expect(mail).toBeDefined();
      expect(mail!.subject).toBe('Ihr Beitrag wurde abgelehnt');
      expect(mail!.text).toContain('Guten Tag Eva Esche,');
      expect(mail!.text).toContain('Begründung: Bitte an die Verwaltung wenden.');
      expect(mail!.text).toContain('Sie können den Beitrag bearbeiten und erneut einreichen.');
      expect(mail!.text).toContain(`http://hausportal.test/messages/view/${post}`);
      expect(mail!.text).toContain('Ihr Hausportal-Team');
      expect(mail!.html).toContain(`href="http://hausportal.test/messages/view/${post}"`);
      expect(mail!.html).toContain('Beitrag öffnen');
      expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail!.unsubscribe).toMatch(
        /^http:\/\/hausportal\.test\/api\/notifications\/unsubscribe\/\?user=\d+&topic=moderation&sig=/,
      );

      // Following the link: a page that asks, then the switch is off.
      const link = new URL(mail!.unsubscribe);
      const asked = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain(
        'Möchten Sie keine E-Mails mehr zu „Prüfung meiner Beiträge und Kommentare“ erhalten?',
      );
      const done = await t.app.inject({
        method: 'POST',
        url: link.pathname + link.search,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Sie erhalten keine E-Mails mehr zu „Prüfung meiner Beiträge und Kommentare“.');
      const prefs = await call(t.app, 'GET', '/api/profile/notifications/', { auth: token });
      expect(prefs.body.email.moderation).toBe(false);
      expect(prefs.body.push.moderation).toBe(true);

      // The next decision brings no mail.
      const again = await newPost(t, eva, { status: 'pending' });
      await approve('messages', again);
      await t.app.ctx.outbox.flush();
      expect(await smtp.to('eva@example.org')).toHaveLength(1);

      // A forged or changed link does nothing.
      const forged = new URL(mail!.unsubscribe);
      forged.searchParams.set('user', String(anna.id));
      const refused = await t.app.inject({ method: 'POST', url: forged.pathname + forged.search });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Dieser Abmelde-Link ist ungültig.');
    });

    it('sent the earlier events as mails too: request status, report decision, comment, notice, provider request', async () => {
      vi.setSystemTime(new Date('2026-11-26T10:00:00Z')); // after every earlier test's clock
      await t.app.ctx.outbox.flush();
      const annas = await smtp.to('anna@example.org');
      const subjects = annas.map((m) => m.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          'Ihr Beitrag ist freigegeben',
          'Neuer Kommentar zu Ihrem Beitrag',
          'Ihr Kommentar wurde nach einer Meldung entfernt',
          'Ihre Anfrage an Hausmeister Huber: In Bearbeitung',
          'Wichtig: Wasser abgestellt',
          'Neuer Aushang: Sommerfest',
        ]),
      );
      // New posts send no mail by default: a mail per post would be too many.
      expect(subjects).not.toContain('Neuer Beitrag auf der Pinnwand');
      const status = annas.find((m) => m.subject.startsWith('Ihre Anfrage'))!;
      expect(status.text).toContain('Notiz der Hausverwaltung: Der Techniker kommt am Dienstag.');
      expect(status.text).toContain('http://hausportal.test/requests');
      expect(status.html).toContain('Meine Anfragen ansehen');
      expect(status.unsubscribe).toContain('topic=requests');

      const [report] = (await smtp.to('bernd@example.org')).filter((m) => m.subject === 'Ihre Meldung wurde geprüft');
      expect(report!.text).toContain('Der gemeldete Inhalt wurde entfernt. Begründung: Beleidigend.');
      expect(report!.unsubscribe).toContain('topic=reports');

      const [provider] = await smtp.to('huber@example.org');
      expect(provider!.subject).toBe('Neue Anfrage über Hausportal: Anna Ahorn, Wohnung L-01');
      expect(provider!.text).toContain('Die Heizung im Bad bleibt kalt.');
      expect(provider!.html).toContain('Wohnung: L-01');
      // A provider is no user: nothing to unsubscribe from.
      expect(provider!.unsubscribe).toBe('');
    });

    it('escapes what residents wrote in the HTML mail', async () => {
      const mallory = await newUser(t, { locationId: location, name: 'Mallory <b>', email: 'mallory@example.org' });
      const post = await newPost(t, mallory, { status: 'pending', text: '<script>alert(1)</script>' });
      await call(t.app, 'PUT', `/api/admin/messages/${post}/moderation/`, {
        auth: await managerNow(),
        payload: { status: 'rejected', rejection_reason: '<img src=x onerror=alert(1)>' },
      });
      await t.app.ctx.outbox.flush();
      const [mail] = await smtp.to('mallory@example.org');
      expect(mail!.html).not.toContain('<script>');
      expect(mail!.html).not.toContain('<img src=x');
      expect(mail!.html).toContain('&lt;script&gt;');
      expect(mail!.html).toContain('Guten Tag Mallory &lt;b&gt;,');
    });

    it('collects the mails of a resident with the digest and sends them at 07:00 Berlin as one', async () => {
      const dora = await newUser(t, { locationId: location, name: 'Dora Digest', email: 'dora@example.org' });
      const token = await signIn(t, dora);
      const s = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
      s.digest = true;
      s.email.posts = true;
      await call(t.app, 'PUT', '/api/profile/notifications/', { auth: token, payload: s });
      const mine = await newPost(t, dora, { status: 'pending', text: 'Doras Beitrag' });
      await approve('messages', mine);
      const other = await newPost(t, anna, { status: 'pending', text: 'Annas Frage zum Müll' });
      await approve('messages', other);
      await t.app.ctx.outbox.flush();
      expect(await smtp.to('dora@example.org')).toEqual([]);
      expect(await t.app.ctx.digest.sendDue()).toBe(0);

      vi.setSystemTime(new Date('2026-11-24T06:00:00Z')); // 07:00 Berlin
      // Dora's, and the digest the preferences test switched on.
      expect(await t.app.ctx.digest.sendDue()).toBeGreaterThanOrEqual(1);
      expect(await t.app.ctx.digest.sendDue()).toBe(0); // taken once
      await t.app.ctx.outbox.flush();
      const [digest] = await smtp.to('dora@example.org');
      expect(digest!.subject).toBe('Ihre Tageszusammenfassung: 2 Neuigkeiten');
      expect(digest!.text).toContain('• Ihr Beitrag ist freigegeben');
      expect(digest!.text).toContain('• Neuer Beitrag auf der Pinnwand');
      expect(digest!.text).toContain('Anna Ahorn: Annas Frage zum Müll');
      expect(digest!.html).toContain(`href="http://hausportal.test/messages/view/${other}"`);
      expect(digest!.unsubscribe).toContain('topic=digest');

      const link = new URL(digest!.unsubscribe);
      const done = await t.app.inject({ method: 'POST', url: link.pathname + link.search });
      expect(done.body).toContain('Sie erhalten keine E-Mails mehr zu „Tageszusammenfassung“.');
      const after = await call(t.app, 'GET', '/api/profile/notifications/', { auth: token });
      expect(after.body.digest).toBe(false);
      expect(Object.values(after.body.email)).toEqual(Object.values(after.body.email).map(() => false));
    });
  });
});

describe.each(kinds)('push outbox across a restart (%s)', (kind) => {
  let ps: PushService;
  afterEach(() => vi.useRealTimers());
  beforeAll(async () => {
    ps = await startPushService();
  });
  afterAll(() => ps.close());

  it('delivers exactly once what a crashed process wrote or held, and never again after a further restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DAY);
    const db = await freshDatabase(kind);
    const config = testConfig(db, { PUSH_ENDPOINT_ALLOWLIST: ps.origin });
    const boot = async () => {
      const app = await buildApp({ config, database: db.handle, logger: false, checkResponses });
      await app.ready();
      return app;
    };
    const t = { app: await boot() } as unknown as TestApp;
    const user = await newUser(t, { locationId: await newLocation(t) });
    const token = await signIn(t, user);
    for (const name of ['written', 'held']) {
      const res = await call(t.app, 'POST', '/api/fcm/token/', {
        auth: token,
        payload: { type: 'web', registration_id: ps.subscription(name) },
      });
      expect(res.status).toBe(201);
    }
    // The process stops sending (as if it died right after the commit), then the event is written.
    // The run the subscriptions kicked ends first: a claim still in flight on a loaded machine
    // could otherwise take the push written next and send it before the "crash".
    await t.app.ctx.push.flush();
    await t.app.ctx.push.close(0);
    await inTransaction(t.app.ctx.db, (trx) =>
      t.app.ctx.notifier.notify(trx, [user.id], {
        kind: 'requests',
        url: '/requests',
        text: () => ({
          title: 'Ihre Anfrage: Erledigt',
          body: 'Erledigt.',
          mail: { subject: 'x', paragraphs: [], action: 'x' },
        }),
      }),
    );
    // One of the two pushes was taken by a sender that died before marking it sent.
    const taken = await claimDue<{ id: number; attempts: number; subscription_id: number }>(
      t.app.ctx.db,
      'push_outbox',
      config.push.leaseMs,
    );
    expect(taken).not.toBeNull();
    await t.app.close();
    expect(ps.received).toHaveLength(0);

    // After the restart the unheld push goes at once, the held one when its lease ends.
    let app = await boot();
    await app.ctx.push.flush();
    expect(ps.received).toHaveLength(1);
    vi.setSystemTime(DAY.getTime() + config.push.leaseMs + 1);
    await app.ctx.push.flush();
    expect(ps.received.map((p) => p.name).sort()).toEqual(['held', 'written']);
    expect(ps.received.map((p) => p.payload.title)).toEqual(['Ihre Anfrage: Erledigt', 'Ihre Anfrage: Erledigt']);
    await app.close();

    app = await boot();
    await app.ctx.push.flush();
    expect(ps.received).toHaveLength(2);
    await app.close();
    await db.drop();
  });
});
