import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from './harness.js';
import { PASSWORD, newUser, signIn, type TestUser } from './factories.js';
import { call } from './helpers.js';
import { parseMail } from './mail.js';
import { startSmtp } from './smtp.js';

// A resident's refusals come in the language of the screen that asked (Accept-Language, which the
// web sends with every call), else of the profile, else German (ADR 038); mails asked for on a
// screen are written in its language.

const kinds = await dialects();
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const WEAK = 'passwort';
const IN_LISTS_DE =
  'Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.';

describe.each(kinds)('refusals in the language of the screen (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const setLanguage = (user: TestUser, language: string) =>
    t.app.ctx.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();

  const changePassword = (auth: string, headers: Record<string, string> = {}) =>
    call(t.app, 'PUT', '/api/profile/changepassword/', {
      auth,
      headers,
      payload: { old_password: PASSWORD, new_password: WEAK, repeat_password: WEAK },
    });

  it('refuses a weak password in Turkish on a Turkish screen and in German without a language', async () => {
    const user = await newUser(t);
    const auth = await signIn(t, user);
    const turkish = await changePassword(auth, { 'accept-language': 'tr' });
    expect(turkish.status).toBe(400);
    expect(turkish.body).toEqual({
      new_password: [
        'Bu şifre kolayca tahmin edilebilir: sık kullanılan şifre listelerinde yer alıyor. Birkaç kelime ya da daha uzun bir karakter dizisi kullanın, örneğin tirelerle ayrılmış üç kelime.',
      ],
    });
    // A German caller, and a caller naming no language we write, get what they always got.
    expect((await changePassword(auth)).body).toEqual({ new_password: [IN_LISTS_DE] });
    expect((await changePassword(auth, { 'accept-language': 'fr-FR,fr;q=0.9' })).body).toEqual({
      new_password: [IN_LISTS_DE],
    });
  });

  it('answers in the profile language when the screen names none, and the screen wins over the profile', async () => {
    const user = await newUser(t);
    await setLanguage(user, 'ar');
    const auth = await signIn(t, user);
    const arabic = await changePassword(auth);
    expect(arabic.body.new_password[0]).toMatch(/^كلمة المرور هذه سهلة التخمين/);
    const polish = await changePassword(auth, { 'accept-language': 'pl-PL,pl;q=0.9,de;q=0.8' });
    expect(polish.body.new_password[0]).toMatch(/^To hasło jest zbyt łatwe do odgadnięcia/);
  });

  it('translates the length rule of the contract and the mismatch of the passwords', async () => {
    const user = await newUser(t);
    const auth = await signIn(t, user);
    const short = await call(t.app, 'PUT', '/api/profile/changepassword/', {
      auth,
      headers: { 'accept-language': 'ru' },
      payload: { old_password: PASSWORD, new_password: 'kurz', repeat_password: 'kurz' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ new_password: ['Пароль должен содержать не менее 8 символов.'] });
  });

  it('names the lock-out and its wait in Turkish, the Retry-After unchanged', async () => {
    const { login } = await newUser(t);
    const ip = address();
    for (let i = 0; i < 10; i++)
      await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: login, password: `falsch-${i}` },
        remoteAddress: ip,
      });
    const blocked = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: login, password: PASSWORD },
      remoteAddress: ip,
      headers: { 'accept-language': 'tr-TR,tr;q=0.9' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: 'Çok fazla deneme yapıldı. Lütfen 15 dakika sonra tekrar deneyin.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    const german = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: login, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(german.body).toEqual({ detail: 'Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut.' });
  });

  it('refuses an unknown or malformed activation code in Russian', async () => {
    const activate = (code: string) =>
      call(t.app, 'POST', '/api/activation/', {
        headers: { 'accept-language': 'ru' },
        remoteAddress: address(),
        payload: { code, password: 'Kastanie-Regen-Fahrrad7', repeat_password: 'Kastanie-Regen-Fahrrad7' },
      });
    expect((await activate('ABCD-EFGH-JKLM')).body).toEqual({
      code: [
        'Такого кода активации не существует. Пожалуйста, проверьте ввод. Если Вы получили более новое письмо, действителен только код из него.',
      ],
    });
    expect((await activate('zu kurz')).body).toEqual({
      code: ['Код активации состоит из 12 букв и цифр, например ABCD-EFGH-JKLM.'],
    });
  });

  it('names the day access opens in Polish, written as Polish writes dates', async () => {
    const user = await newUser(t);
    await t.app.ctx.db.updateTable('users').set({ move_in_on: '2099-03-15' }).where('id', '=', user.id).execute();
    const res = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: user.login, password: PASSWORD },
      headers: { 'accept-language': 'pl' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('access_not_open');
    expect(res.body.detail).toMatch(/^Dostęp zostanie odblokowany \u2068?\d\d\.\d\d\.2099\u2069?\.$/);
  });

  it('refuses a file of the wrong type in Arabic, the file name kept whole', async () => {
    const user = await newUser(t);
    const auth = await signIn(t, user);
    const form = multipart(
      {},
      { field: 'profile_picture', filename: 'notiz.txt', type: 'text/plain', data: Buffer.from('Hallo') },
    );
    const res = await call(t.app, 'PUT', '/api/profile/', {
      auth,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'ar' },
    });
    expect(res.status).toBe(400);
    const [message] = Object.values(res.body as Record<string, string[]>)[0]!;
    expect(message).toBe(
      'صيغة الملف \u2068notiz.txt\u2069 غير مدعومة. المسموح به: \u2068صور JPEG أو PNG أو WebP\u2069.',
    );
  });

  it('keeps the back office German whatever the browser asks for', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const auth = await signIn(t, manager);
    const res = await call(t.app, 'PUT', '/api/profile/changepassword/', {
      auth,
      headers: { 'accept-language': 'tr' },
      payload: { old_password: PASSWORD, new_password: WEAK, repeat_password: WEAK },
    });
    expect(res.body).toEqual({ new_password: [IN_LISTS_DE] });
  });

  it('writes the reset mail in the language of the screen it was asked on, else the profile language', async () => {
    const user = await newUser(t, { email: 'tuerkisch@example.org' });
    await setLanguage(user, 'ar');
    const ask = (headers: Record<string, string>) =>
      call(t.app, 'POST', '/api/password_reset/', {
        headers,
        remoteAddress: address(),
        payload: { email: 't•••@example.org', apartment_number: user.login },
      });
    expect((await ask({ 'accept-language': 'tr' })).status).toBe(200);
    const turkish = await parseMail((await waitForMail(1)).raw);
    expect(turkish.subject).toBe('Hausportal için yeni şifre');
    expect(turkish.html).toContain('lang="tr"');
    expect(turkish.text).toContain('Yeni şifre belirle');
    // Without a screen language: the profile's, Arabic.
    expect((await ask({})).status).toBe(200);
    const arabic = await parseMail((await waitForMail(2)).raw);
    expect(arabic.html).toContain('lang="ar"');
    expect(arabic.html).toContain('dir="rtl"');
  });

  /** Waits until `n` mails have reached tuerkisch@example.org. */
  async function waitForMail(n: number) {
    await t.app.ctx.outbox.flush();
    for (let i = 0; i < 100; i++) {
      const mails = smtp.received.filter((m) => m.to.includes('tuerkisch@example.org'));
      if (mails.length >= n) return mails[n - 1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('Keine E-Mail angekommen');
  }
});
