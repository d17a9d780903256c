import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call, pdfText } from '../../../test/helpers.js';
import { parseMail, type ParsedMail } from '../../../test/mail.js';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { startSmtp } from '../../../test/smtp.js';

// Messages follow the recipient, not the sender. Mails are read from a real SMTP server
// and pushes from the push test service, decrypted as a browser would.

const kinds = await dialects();

/** 11:00 in Berlin on a weekday in winter: outside quiet hours. */
const DAY = new Date('2026-11-23T10:00:00Z');

describe.each(kinds)('messages in the recipient’s language (%s)', (kind) => {
  let t: TestApp;
  let ps: PushService;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let location: number;
  let ayse: TestUser; // Turkish
  let gerda: TestUser; // German
  let xaver: TestUser; // a language the server does not know
  let amira: TestUser; // Arabic
  let piotr: TestUser; // Polish, apartment L-20
  let paula: TestUser; // Polish, apartment L-21
  let rezi: TestUser;
  let manager: TestUser;
  const auth: Record<string, string> = {};

  const mailsTo = (to: string): Promise<ParsedMail[]> =>
    Promise.all(smtp.received.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw)));
  /** The mails to `to` whose subject passes `match`, once the outbox has sent them. */
  async function mailTo(to: string, match: (subject: string) => boolean): Promise<ParsedMail> {
    await t.app.ctx.outbox.flush();
    await expect.poll(async () => (await mailsTo(to)).filter((m) => match(m.subject)).length).toBeGreaterThan(0);
    return (await mailsTo(to)).filter((m) => match(m.subject)).at(-1)!;
  }
  const pushesTo = (u: TestUser | 'manager') => ps.for(u === 'manager' ? 'manager' : u.login);
  async function delivered(total: number) {
    await t.app.ctx.push.flush();
    await ps.waitFor(total);
    expect(ps.received).toHaveLength(total);
  }
  async function speaks(u: TestUser, language: string) {
    const res = await call(t.app, 'PUT', '/api/profile/', { auth: auth[u.login], payload: { language } });
    expect(res.status).toBe(200);
  }
  const publish = async (title: string) =>
    call(t.app, 'POST', '/api/admin/notices/', {
      auth: await signIn(t, manager),
      payload: { title, text: 'Bitte beachten Sie den Aushang.', important: false, location_ids: [location] },
    });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DAY);
    ps = await startPushService();
    smtp = await startSmtp();
    t = await startApp(kind, { PUSH_ENDPOINT_ALLOWLIST: ps.origin, SMTP_URL: smtp.url });
    location = await newLocation(t, { title: 'Haus Linde' });
    const resident = (apartmentNumber: string, name: string, email: string) =>
      newUser(t, { locationId: location, apartmentNumber, name, email });
    ayse = await resident('L-10', 'Ayşe Yılmaz', 'ayse@example.org');
    gerda = await resident('L-11', 'Gerda Gruber', 'gerda@example.org');
    xaver = await resident('L-12', 'Xaver Xylander', 'xaver@example.org');
    amira = await resident('L-13', 'Amira Haddad', 'amira@example.org');
    piotr = await resident('L-20', 'Piotr Nowak', 'piotr@example.org');
    paula = await resident('L-21', 'Paula Kowalska', 'paula@example.org');
    rezi = await newUser(t, { locationId: location, role: 'receptionist', apartmentNumber: 'L-REZ', name: 'Rita' });
    manager = await newUser(t, { role: 'manager', managerOf: [location], email: 'verwaltung@example.org' });
    for (const u of [ayse, gerda, xaver, amira, piotr, paula, rezi]) {
      auth[u.login] = await signIn(t, u);
      const sub = await call(t.app, 'POST', '/api/fcm/token/', {
        auth: auth[u.login],
        payload: { type: 'web', registration_id: ps.subscription(u.login) },
      });
      expect(sub.status).toBe(201);
    }
    const managerSub = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: await signIn(t, manager),
      payload: { type: 'web', registration_id: ps.subscription('manager') },
    });
    expect(managerSub.status).toBe(201);
    await speaks(ayse, 'tr');
    await speaks(amira, 'ar');
    await speaks(piotr, 'pl');
    await speaks(paula, 'pl');
    // Written before the server knew fewer languages, say, or by hand: not one it has.
    await t.app.ctx.db.updateTable('users').set({ language: 'xx' }).where('id', '=', xaver.id).execute();
    // A manager's profile may name a language too; the back office and its messages stay German.
    await t.app.ctx.db.updateTable('users').set({ language: 'tr' }).where('id', '=', manager.id).execute();
  });
  afterAll(async () => {
    await t.close();
    await ps.close();
    await smtp.close();
    vi.useRealTimers();
  });
  beforeEach(() => vi.setSystemTime(DAY));

  it('writes one notice to each resident in their language: mail and push', async () => {
    const before = ps.received.length;
    expect((await publish('Sommerfest')).status).toBe(201);
    // Every resident and the receptionist read the blackboard.
    await delivered(before + 7);

    const turkish = await mailTo('ayse@example.org', (s) => s.includes('Sommerfest'));
    expect(turkish.subject).toBe('Yeni duyuru: Sommerfest');
    expect(turkish.text).toContain('Sayın Ayşe Yılmaz,');
    expect(turkish.text).toContain('Bina yönetimi bir duyuru yayımladı:');
    // The notice itself is shown as the management wrote it.
    expect(turkish.text).toContain('Bitte beachten Sie den Aushang.');
    expect(turkish.text).toContain('Saygılarımızla, Hausportal ekibi');
    expect(turkish.html).toContain('<html lang="tr" dir="ltr">');
    expect(turkish.html).toContain('Duyuru panosuna git');
    expect(turkish.html).toContain('Düğme çalışmazsa:');
    expect(turkish.html).toContain('“Bina yönetiminden duyurular” hakkında e-posta almak istemiyorum');
    expect(turkish.text).toContain('“Bina yönetiminden duyurular” hakkında e-posta almak istemiyorum');
    expect(turkish.unsubscribe).toContain('topic=notices');
    expect(pushesTo(ayse).at(-1)!.payload).toEqual({
      title: 'Yeni duyuru: Sommerfest',
      body: 'Bitte beachten Sie den Aushang.',
      url: '/blackboard',
      tag: expect.stringMatching(/^hp-\d+$/),
      lang: 'tr',
    });

    // Her German neighbour reads the same event in German.
    const german = await mailTo('gerda@example.org', (s) => s.includes('Sommerfest'));
    expect(german.subject).toBe('Neuer Aushang: Sommerfest');
    expect(german.text).toContain('Guten Tag Gerda Gruber,');
    expect(german.text).toContain('Die Hausverwaltung hat einen Aushang veröffentlicht:');
    expect(german.text).toContain('Ihr Hausportal-Team');
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    expect(german.html).toContain('Keine E-Mails mehr zu „Aushänge der Hausverwaltung“ erhalten');
    expect(pushesTo(gerda).at(-1)!.payload).toMatchObject({ title: 'Neuer Aushang: Sommerfest', lang: 'de' });

    // A language the server does not know: German.
    const unknown = await mailTo('xaver@example.org', (s) => s.includes('Sommerfest'));
    expect(unknown.subject).toBe('Neuer Aushang: Sommerfest');
    expect(unknown.text).toContain('Guten Tag Xaver Xylander,');
    expect(unknown.html).toContain('<html lang="de" dir="ltr">');
    expect(pushesTo(xaver).at(-1)!.payload).toMatchObject({ title: 'Neuer Aushang: Sommerfest', lang: 'de' });
    expect(pushesTo(xaver).at(-1)!.payload).not.toHaveProperty('dir');

    // Arabic is written right to left, each inserted value isolated (U+2068 … U+2069) so it keeps
    // its own order; the push tells the device the direction.
    const arabic = await mailTo('amira@example.org', (s) => s.includes('Sommerfest'));
    // … but not in the subject, where older mail clients draw the isolates as boxes.
    expect(arabic.subject).toBe('إعلان جديد: Sommerfest');
    expect(arabic.text).toContain('مرحبًا \u2068Amira Haddad\u2069،');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('<body dir="rtl"');
    // The notice as the management wrote it, in its own direction.
    expect(arabic.html).toContain('<p dir="auto" style="margin:0 0 16px">Bitte beachten Sie den Aushang.</p>');
    expect(arabic.html).toContain('إيقاف رسائل البريد الإلكتروني بشأن «\u2068إعلانات إدارة المبنى\u2069»');
    expect(pushesTo(amira).at(-1)!.payload).toMatchObject({
      title: 'إعلان جديد: \u2068Sommerfest\u2069',
      lang: 'ar',
      dir: 'rtl',
    });
  });

  it('answers the unsubscribe link of a Turkish mail in Turkish', async () => {
    const mail = await mailTo('ayse@example.org', (s) => s.includes('Sommerfest'));
    const url = new URL(mail.unsubscribe);
    const asked = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<html lang="tr" dir="ltr">');
    expect(asked.body).toContain('“Bina yönetiminden duyurular” hakkında artık e-posta almak istemiyor musunuz?');
    const done = await t.app.inject({ method: 'POST', url: url.pathname + url.search });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Abonelik iptal edildi');
    expect(done.body).toContain('Profilime git');
    const settings = await call(t.app, 'GET', '/api/profile/notifications/', { auth: auth[ayse.login] });
    expect(settings.body.email.notices).toBe(false);
    // A link that is not valid names nobody, so its page is German.
    url.searchParams.set('sig', 'x'.repeat(32));
    const invalid = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Dieser Abmelde-Link ist ungültig.');
  });

  it("keeps the managers' messages German whatever their profile says", async () => {
    const before = pushesTo('manager').length;
    const created = await call(t.app, 'POST', '/api/messages/', {
      auth: auth[ayse.login],
      payload: { text: 'Merhaba komşular, cumartesi bahçede kahvaltı var.' },
    });
    expect(created.status).toBe(201);
    await t.app.ctx.push.flush();
    await expect.poll(() => pushesTo('manager').length).toBe(before + 1);
    expect(pushesTo('manager').at(-1)!.payload).toMatchObject({
      title: 'Neues in der Moderation',
      body: 'Ein neuer Beitrag wartet auf Freigabe (Haus Linde).',
      lang: 'de',
    });
  });

  it('sends the provider a German request when a Turkish resident writes, and tells her in Turkish of its status', async () => {
    const service = await newService(t, location);
    const provider = await newProvider(t, service, location, {
      name: 'Hausmeister Huber',
      email: 'huber@example.org',
      allowFormContact: true,
    });
    const sent = await call(t.app, 'POST', `/api/providers/${provider}/request/`, {
      auth: auth[ayse.login],
      payload: { text: 'Banyodaki kalorifer ısınmıyor.' },
    });
    expect(sent.status).toBeLessThan(300);
    const mail = await mailTo('huber@example.org', () => true);
    expect(mail.subject).toBe('Neue Anfrage über Hausportal: Ayşe Yılmaz, Wohnung L-10');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.text).toContain('Banyodaki kalorifer ısınmıyor.');
    expect(mail.text).toContain('Ihr Hausportal-Team');

    const { id } = await t.app.ctx.db
      .selectFrom('provider_requests')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await call(t.app, 'PUT', `/api/admin/requests/${id}/`, {
      auth: await signIn(t, manager),
      payload: { status: 'in_progress', note: 'Der Techniker kommt am Dienstag.' },
    });
    expect(res.status).toBe(200);
    const status = await mailTo('ayse@example.org', (s) => s.startsWith('Hausmeister Huber'));
    expect(status.subject).toBe('Hausmeister Huber için talebiniz: İşlemde');
    expect(status.text).toContain('İşlemde. Bina yönetiminin notu: Der Techniker kommt am Dienstag.');
  });

  it('sends a Turkish resident the password-reset mail in Turkish', async () => {
    const requested = await call(t.app, 'POST', '/api/password_reset/', {
      payload: { apartment_number: ayse.apartmentNumber },
    });
    expect(requested.status).toBe(200);
    const mail = await mailTo('ayse@example.org', (s) => s.includes('yeni şifre'));
    expect(mail.subject).toBe('Hausportal için yeni şifre');
    expect(mail.text).toContain('Sayın Ayşe Yılmaz,');
    expect(mail.text).toContain('Hausportal hesabınız için yeni bir şifre talep ettiniz.');
    expect(mail.text).toContain('önümüzdeki 60 dakika içinde');
    expect(mail.text).toMatch(/http:\/\/hausportal\.test\/forgot-password\/[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain('Yeni şifre belirle');
    expect(mail.html).toContain('<html lang="tr" dir="ltr">');
  });

  it('bundles parcel pushes with the Polish plural forms: 2 paczki, 5 paczek', async () => {
    const log = (apartment: string) =>
      call(t.app, 'POST', '/api/reception/parcels/', {
        auth: auth[rezi.login],
        payload: { apartment, carrier: 'DHL', storage_place: 'Regal A' },
        headers: { 'idempotency-key': randomUUID() },
      });
    const polish = () => [...pushesTo(piotr), ...pushesTo(paula)].filter((p) => p.payload.url === '/pakete');
    // The first parcel is pushed at once; later ones within a minute wait in one push and count.
    expect((await log('L-20')).status).toBe(201);
    expect((await log('L-21')).status).toBe(201);
    await t.app.ctx.push.flush();
    await expect.poll(() => polish().length).toBe(2);
    expect(pushesTo(piotr).at(-1)!.payload).toMatchObject({
      title: 'Paczka w recepcji',
      body: 'DHL, 1 sztuka. Kod odbioru jest w aplikacji.',
      lang: 'pl',
    });
    for (let i = 0; i < 2; i++) expect((await log('L-20')).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await log('L-21')).status).toBe(201);
    await t.app.ctx.push.flush();
    expect(polish()).toHaveLength(2);

    vi.setSystemTime(new Date(DAY.getTime() + 2 * 60_000));
    await t.app.ctx.push.flush();
    await expect.poll(() => polish().length).toBe(4);
    expect(pushesTo(piotr).at(-1)!.payload).toMatchObject({ title: '2 paczki w recepcji', lang: 'pl' });
    expect(pushesTo(paula).at(-1)!.payload).toMatchObject({ title: '5 paczek w recepcji', lang: 'pl' });

    const mail = await mailTo('piotr@example.org', (s) => s === 'Paczka w recepcji');
    expect(mail.text).toContain('W recepcji czeka paczka: DHL, 1 sztuka.');
    expect(mail.html).toContain('<html lang="pl" dir="ltr">');
  });

  it("writes booking news with the dates in each resident's language and format", async () => {
    const managerAuth = await signIn(t, manager);
    const resource = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: managerAuth,
      payload: {
        name: 'Waschküche',
        mode: 'slots',
        slot_minutes: 120,
        day_start: '08:00',
        day_end: '20:00',
        horizon_days: 14,
        max_length: 1,
        cancel_hours: 24,
        location_id: location,
      },
    });
    expect(resource.status).toBe(201);
    const book = (who: TestUser, from: string, to: string) =>
      call(t.app, 'POST', '/api/bookings/', {
        auth: auth[who.login],
        payload: { resource_id: resource.body.id, starts_at: `2026-11-25T${from}`, ends_at: `2026-11-25T${to}` },
      });
    // 10:00–12:00 and 12:00–14:00 in Berlin (UTC+1 in November).
    expect((await book(ayse, '09:00:00Z', '11:00:00Z')).status).toBe(201);
    expect((await book(gerda, '11:00:00Z', '13:00:00Z')).status).toBe(201);
    await t.app.ctx.push.flush();
    const news = (u: TestUser) => pushesTo(u).filter((p) => p.payload.url === '/buchen/meine');
    await expect.poll(() => news(ayse).length + news(gerda).length).toBe(2);
    expect(news(ayse)[0]!.payload).toMatchObject({
      title: 'Rezervasyon yapıldı: Waschküche',
      body: '25.11.2026 Çar, 10:00–12:00. 24.11.2026 Sal, 10:00 tarihine kadar iptal edebilirsiniz.',
      lang: 'tr',
    });
    // German keeps the spec's formats.
    expect(news(gerda)[0]!.payload).toMatchObject({
      title: 'Gebucht: Waschküche',
      body: 'Mi., 25.11.2026, 12:00–14:00. Stornieren bis Di., 24.11.2026, 12:00.',
      lang: 'de',
    });
  });

  it('writes the ticket receipt (mail and PDF) in Turkish, and in Arabic for Arabic', async () => {
    const categories = await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth[ayse.login] });
    // Ayşe reads the shipped category in Turkish.
    const heating = categories.body.results.find((c: { name: string }) => c.name === 'Isıtma').id;
    const report = (who: TestUser) =>
      call(t.app, 'POST', '/api/tickets/', {
        auth: auth[who.login],
        payload: {
          category_id: heating,
          scope: 'apartment',
          description: 'Kalorifer damlıyor.',
          contact_consent: false,
        },
        headers: { 'idempotency-key': randomUUID() },
      });
    const turkish = await report(ayse);
    expect(turkish.status).toBe(201);
    const mail = await mailTo('ayse@example.org', (s) => s.includes('alındı belgesi'));
    expect(mail.subject).toMatch(/^\d{4}-\d{6} numaralı arıza bildiriminizin alındı belgesi$/);
    expect(mail.attachments[0]!.filename).toMatch(/^Alindi-belgesi-\d{4}-\d{6}\.pdf$/);
    const pdf = (await pdfText(mail.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(pdf).toContain('Alındı belgesi');
    expect(pdf).toContain('Alınma zamanı (sunucu saati, Europe/Berlin)');
    expect(pdf).toContain('23.11.2026 11:00');
    expect(pdf).toContain('Dairemde');
    expect(pdf).toContain('İletilmesin (usta bu bilgileri almaz)');
    expect(pdf).not.toContain('Eingangsbestätigung');
    // The receipt downloaded later is the same language.
    const again = await call(t.app, 'GET', `/api/tickets/${turkish.body.id}/receipt.pdf`, { auth: auth[ayse.login] });
    expect(await pdfText(again.raw)).toContain('Alındı belgesi');

    // The Arabic reader's receipt is Arabic, right to left, its legal sentence also in German.
    expect((await report(amira)).status).toBe(201);
    const arabic = await mailTo('amira@example.org', (s) => s.startsWith('تأكيد استلام'));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain('الفقرة القانونية بالألمانية');
    const receipt = await pdfText(arabic.attachments[0]!.content);
    expect(receipt).toContain('تأكيد');
    expect(receipt).toContain('§ 536c BGB');
    expect(receipt).not.toContain('Eingangsbestätigung');
  });

  it("prints each resident's activation letter in their language, Arabic too", async () => {
    const res = await call(t.app, 'POST', '/api/admin/residents/activation-letters/', {
      auth: await signIn(t, manager),
      payload: { ids: [ayse.id, gerda.id, amira.id] },
    });
    expect(res.status).toBe(200);
    const text = (await pdfText(res.raw)).replace(/\s+/g, ' ');
    expect(text).toContain('Hausportal erişiminiz');
    expect(text).toContain('Sayın Ayşe Yılmaz,');
    expect(text).toContain('Etkinleştirme kodunuz');
    expect(text).toContain('Guten Tag Gerda Gruber,');
    expect(text).toContain('رمز التفعيل');
    expect(text).toContain('Amira Haddad');
    expect(text.match(/Ihr Aktivierungscode/g)).toHaveLength(1);
  });
});
